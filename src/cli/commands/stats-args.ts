// `agui-inspector stats FILE`: its usage and its arguments.
import { parseOptions } from '../parse-options.js';

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

export type StatsParse =
  | {
      readonly kind: 'stats';
      readonly file: string;
      readonly format: 'text' | 'json';
      readonly config?: string;
      readonly noConfig: boolean;
    }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage-error'; readonly message: string };

/** argv after the word `stats`. */
export function parseStatsArgs(argv: readonly string[]): StatsParse {
  const parsed = parseOptions(argv, {
    format: { type: 'string' },
    config: { type: 'string' },
    'no-config': { type: 'boolean' },
  });
  if (parsed.kind !== 'parsed') return parsed;
  const format = parsed.values.format ?? 'text';
  if (format !== 'text' && format !== 'json')
    return { kind: 'usage-error', message: `--format must be text or json, not ${JSON.stringify(format)}` };
  const [file, ...more] = parsed.positionals;
  if (file === undefined || more.length > 0) return { kind: 'usage-error', message: 'stats takes exactly one FILE' };
  return {
    kind: 'stats',
    file,
    format,
    ...(parsed.values.config === undefined ? {} : { config: parsed.values.config }),
    noConfig: parsed.values['no-config'] === true,
  };
}
