// `agui-inspector stats FILE`: what a recorded session weighs (docs/cli.md › stats).
import { parseArgs } from 'node:util';
import { budgetNotices, DEFAULT_THRESHOLDS, inspectBytes, payloadBudget } from '../core-deps.js';
import { EXIT_OK, EXIT_USAGE, readInput, usageError, readOrReport, type CliIo } from '../io.js';
import { loadConfig } from '../lint/config.js';
import { formatStats } from '../stats/format-stats.js';

export const STATS_USAGE = `Usage: agui-inspector stats [options] FILE

Prints what a recorded session weighs: bytes by event type and by kind (text, tool
arguments, tool results, state snapshots, deltas, message snapshots, activities,
lifecycle, other, unknown) per run and thread, each run's request body size and its
growth along the thread, and each STATE_SNAPSHOT's size beside how much of it changed
since the state before it. Budget notices use the "budget" thresholds of
agui-inspector.config.json.

Options:
  --format text|json   output (default text)
  --config PATH        read this config file instead of the nearest one
  --no-config          use the default thresholds
`;

export async function runStats(argv: readonly string[], io: CliIo): Promise<number> {
  let values: { format?: string; config?: string; 'no-config'?: boolean; help?: boolean };
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        format: { type: 'string' },
        config: { type: 'string' },
        'no-config': { type: 'boolean' },
      },
    });
    values = parsed.values;
    positionals = parsed.positionals;
  } catch (e) {
    return usageError(io, e instanceof Error ? e.message : String(e), STATS_USAGE);
  }
  if (values.help === true) {
    io.stdout(STATS_USAGE);
    return EXIT_OK;
  }
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json')
    return usageError(io, `--format must be text or json, not ${JSON.stringify(format)}`, STATS_USAGE);
  if (positionals.length !== 1) return usageError(io, 'stats takes exactly one FILE', STATS_USAGE);
  const config = values['no-config'] === true ? { ok: true as const } : await loadConfig(io, values.config);
  if (!config.ok) return usageError(io, config.message, STATS_USAGE);
  const file = positionals[0]!;
  const bytes = await readInput(io, file);
  if (bytes === undefined) return EXIT_USAGE;
  const result = readOrReport(io, inspectBytes(file, bytes));
  if (!result) return EXIT_USAGE;
  const budget = payloadBudget(result.model);
  const notices = budgetNotices(budget, config.config?.budget ?? DEFAULT_THRESHOLDS);
  io.stdout(
    format === 'json' ? `${JSON.stringify({ file, budget, notices }, null, 2)}\n` : formatStats(file, budget, notices),
  );
  return EXIT_OK;
}
