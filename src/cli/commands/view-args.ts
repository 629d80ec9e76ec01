// `view` options (node:util parseArgs).
import { parseOptions } from '../parse-options.js';

export const VIEW_USAGE = `Usage: agui-inspector view FILE... [--no-open] [--port N]

Opens the AG-UI panel on FILE (a HAR, a session or bug report export, an SSE or protobuf
body, JSON/JSONL events) in the default browser, without the extension: a server on
127.0.0.1 serves the panel's viewer and the file(s) until Ctrl+C. Only this page may read
them (loopback Host, no other origin, a random path). With several files, the page opens
the first and ?file=N the N-th (each URL is printed).

Options:
  --no-open   print the URL instead of opening the browser
  --port N    port to listen on (default 0: a free one)
`;

export type ViewParse =
  | { readonly kind: 'view'; readonly files: readonly string[]; readonly open: boolean; readonly port: number }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage-error'; readonly message: string };

export function parseViewArgs(argv: readonly string[]): ViewParse {
  const parsed = parseOptions(argv, { 'no-open': { type: 'boolean' }, port: { type: 'string' } });
  if (parsed.kind !== 'parsed') return parsed;
  const { values, positionals } = parsed;
  const portText = values.port ?? '0';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535)
    return { kind: 'usage-error', message: `--port must be a number from 0 to 65535, not ${JSON.stringify(portText)}` };
  if (positionals.length === 0) return { kind: 'usage-error', message: 'view needs at least one FILE' };
  return { kind: 'view', files: positionals, open: values['no-open'] !== true, port };
}
