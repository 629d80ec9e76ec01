// `agui-inspector stats FILE`: what a recorded session weighs (docs/cli.md › stats).
import { inspectBytes } from '../core-deps.js';
import { EXIT_OK, EXIT_USAGE, usageError, readOrReport, type CliIo } from '../io.js';
import { readRecordingInput } from '../har-bundle.js';
import { parseStatsArgs, STATS_USAGE } from './stats-args.js';
import { loadConfig } from '../lint/config.js';
import { fileBudget } from '../stats/file-budget.js';
import { formatStats } from '../stats/format-stats.js';

export async function runStats(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseStatsArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout(STATS_USAGE);
    return EXIT_OK;
  }
  if (parsed.kind === 'usage-error') return usageError(io, parsed.message, STATS_USAGE);
  const { format, file, config: configPath, noConfig } = parsed;
  const config = noConfig ? { ok: true as const } : await loadConfig(io, configPath);
  if (!config.ok) return usageError(io, config.message, STATS_USAGE);
  const bytes = await readRecordingInput(io, file);
  if (bytes === undefined) return EXIT_USAGE;
  const result = readOrReport(io, inspectBytes(file, bytes));
  if (!result) return EXIT_USAGE;
  const weight = fileBudget(file, result.model, config.config?.budget);
  io.stdout(
    format === 'json' ? `${JSON.stringify(weight, null, 2)}\n` : formatStats(file, weight.budget, weight.notices),
  );
  return EXIT_OK;
}
