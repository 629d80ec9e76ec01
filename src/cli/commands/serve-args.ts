// `serve` options (node:util parseArgs).
import { parseOptions } from '../parse-options.js';
import { mustBe, oneOf } from '../lint/settings.js';
import type { MatchMode } from '../../core/replay/pick.js';
import type { ServeOptions } from '../serve/server.js';
import { normalOrigin } from '../serve/guard.js';

export const SERVE_USAGE = `Usage: agui-inspector serve FILE... | --cases PICK [options]

A local AG-UI endpoint answering each run request (POST with a RunAgentInput body, or a
GET EventSource request) with the next recorded run from FILE..., as recorded: SSE or
protobuf bytes, status, content type, chunk boundaries and timing, with the request's
threadId and runId in RUN_STARTED/RUN_FINISHED/RUN_ERROR (as in-page Replay does).
Only pages on this machine (origins localhost, 127.0.0.1, [::1], any port) may call it,
without credentials, and the Host header must name a loopback address. Request bodies
over 16 MB get 413. Prints one journal line per request; Ctrl+C stops it.

With --cases it serves the client conformance catalogue instead of (or before) FILEs:
the official AG-UI conformance corpus and streams real frameworks produce, one case per
run request, in order; a request may name its case with the X-Agui-Run header or the
run query parameter (?run=frameworks/http-500). When stopped, it prints how each case's
request ended: read to the end, cancelled by the client, or never requested.

Options:
  --port N               port to listen on (default 4010; 0 picks a free one)
  --host H               interface to listen on (default 127.0.0.1)
  --speed N              play back N times as fast as recorded (default 1)
  --instant              send every recorded run at once, without its pauses
  --match order|thread   the next run in recorded order (default), or the next one
                         recorded on the request's threadId
  --loop                 start over when the recorded runs are used up
  --keep-ids             answer with the recorded threadId and runId
  --allow-origin ORIGIN  also let pages from ORIGIN call it (repeatable), e.g.
                         --allow-origin https://staging.example.com
  --cases PICK           serve conformance cases: official, frameworks, all, a case id
                         or an id prefix such as official/1.1 (repeatable or
                         comma-separated; \`agui-inspector serve --cases list\` lists them)
`;

export type ServeParse =
  | {
      readonly kind: 'serve';
      readonly files: readonly string[];
      /** Case selectors given with --cases (empty: serve FILEs only). */
      readonly cases: readonly string[];
      readonly options: ServeOptions;
    }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage-error'; readonly message: string };

const MATCHES: readonly MatchMode[] = ['order', 'thread'];

export function parseServeArgs(argv: readonly string[]): ServeParse {
  const parsed = parseOptions(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    speed: { type: 'string' },
    instant: { type: 'boolean' },
    match: { type: 'string' },
    loop: { type: 'boolean' },
    'keep-ids': { type: 'boolean' },
    'allow-origin': { type: 'string', multiple: true },
    cases: { type: 'string', multiple: true },
  });
  if (parsed.kind !== 'parsed') return parsed;
  const { values, positionals } = parsed;
  const error = (message: string): ServeParse => ({ kind: 'usage-error', message });
  const port = Number(values.port ?? '4010');
  if (!/^\d+$/.test(values.port ?? '4010') || port > 65535)
    return error(`--port must be a number from 0 to 65535, not ${JSON.stringify(values.port)}`);
  if (values.speed !== undefined && values.instant === true) return error('--speed and --instant exclude each other');
  const speed = values.instant === true ? Infinity : Number(values.speed ?? '1');
  if (!(speed > 0)) return error(`--speed must be a number above 0, not ${JSON.stringify(values.speed)}`);
  const match = values.match === undefined ? 'order' : oneOf(values.match, MATCHES);
  if (match === undefined) return error(mustBe('--match', MATCHES, values.match));
  const cases = (values.cases ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (values.cases !== undefined && cases.length === 0)
    return error('--cases needs a pick: official, frameworks, all or an id');
  if (positionals.length === 0 && cases.length === 0) return error('serve needs at least one FILE (or --cases)');
  const allowOrigins = values['allow-origin'] ?? [];
  const bad = allowOrigins.find((o) => normalOrigin(o) === undefined);
  if (bad !== undefined)
    return error(`--allow-origin needs an origin like https://app.example, not ${JSON.stringify(bad)}`);
  return {
    kind: 'serve',
    files: positionals,
    cases,
    options: {
      port,
      host: values.host ?? '127.0.0.1',
      speed,
      match,
      loop: values.loop === true,
      keepIds: values['keep-ids'] === true,
      allowOrigins: allowOrigins.map((o) => normalOrigin(o) ?? o),
    },
  };
}
