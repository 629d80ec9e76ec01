// `export` options (node:util parseArgs).
import { parseOptions } from '../parse-options.js';
import { mustBe, oneOf } from '../lint/settings.js';

export type ExportFormat = 'sse' | 'jsonl' | 'har' | 'playwright';

export const EXPORT_USAGE = `Usage: agui-inspector export FILE [--run RUN] [--thread ID] --as sse|jsonl|har|playwright [-o OUT]

Writes recorded runs from FILE in another form:
  sse         the raw event-stream body of one run (protobuf runs are re-encoded as SSE)
  jsonl       the run's events, one JSON object per line
  har         a HAR 1.2 file (Chrome, Firefox and the AG-UI panel import it)
  playwright  a module exporting routeAguiRecording(page), which serves the recorded runs
              to a page through page.route (OUT ending in .ts gives TypeScript)

Options:
  --run RUN   only this run: a runId, or a label the tool prints ("#2", "FILE#2" or
              "2": the 2nd recorded request, for files that repeat a runId). sse and
              jsonl need one run: pick it when FILE holds several
  --thread ID only runs of this threadId
  --as FORMAT the output form (required)
  -o OUT      the file to write (default: standard output; required for playwright)
`;

export type ExportParse =
  | {
      readonly kind: 'export';
      readonly file: string;
      readonly run?: string;
      readonly thread?: string;
      readonly as: ExportFormat;
      readonly out?: string;
    }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage-error'; readonly message: string };

const FORMATS: readonly ExportFormat[] = ['sse', 'jsonl', 'har', 'playwright'];

export function parseExportArgs(argv: readonly string[]): ExportParse {
  const parsed = parseOptions(argv, {
    run: { type: 'string' },
    thread: { type: 'string' },
    as: { type: 'string' },
    out: { type: 'string', short: 'o' },
  });
  if (parsed.kind !== 'parsed') return parsed;
  const { values, positionals } = parsed;
  const error = (message: string): ExportParse => ({ kind: 'usage-error', message });
  if (values.as === undefined) return error('export needs --as sse, jsonl, har or playwright');
  const as = oneOf(values.as, FORMATS);
  if (as === undefined) return error(mustBe('--as', FORMATS, values.as));
  if (positionals.length !== 1) return error('export takes exactly one FILE');
  if (as === 'playwright' && (values.out === undefined || values.out === '-'))
    return error('--as playwright needs -o OUT (a .ts or .js file)');
  const out = values.out === '-' ? undefined : values.out;
  return {
    kind: 'export',
    file: positionals[0]!,
    as,
    ...(values.run !== undefined ? { run: values.run } : {}),
    ...(values.thread !== undefined ? { thread: values.thread } : {}),
    ...(out !== undefined ? { out } : {}),
  };
}
