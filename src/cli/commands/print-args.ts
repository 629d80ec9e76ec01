// `agui-inspector print FILE`: its usage and its arguments (one file, no options).
import { parseOptions } from '../parse-options.js';

export const PRINT_USAGE = `Usage: agui-inspector print FILE

Prints the inspector's model of one recorded file as text: streams (and which were
answered by a replay), runs with their outcome as the panel shows it, tool calls,
messages, findings, and the notes people attached to a session export or bug report.
`;

export type PrintParse =
  | { readonly kind: 'print'; readonly file: string }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage-error'; readonly message: string };

/** argv after the word `print`. */
export function parsePrintArgs(argv: readonly string[]): PrintParse {
  const parsed = parseOptions(argv, {});
  if (parsed.kind !== 'parsed') return parsed;
  const [file, ...more] = parsed.positionals;
  if (file === undefined || more.length > 0) return { kind: 'usage-error', message: 'print takes exactly one FILE' };
  return { kind: 'print', file };
}
