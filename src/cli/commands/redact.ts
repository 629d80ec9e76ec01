// `agui-inspector redact FILE -o OUT [--hide-lengths] [--strict]`: argv → the redact command.
import { parsedOrExit, type CliIo } from '../io.js';
import { parseRedact } from '../redact-args.js';
import { runRedact } from '../redact-command.js';

export const REDACT_USAGE = `Usage: agui-inspector redact FILE -o OUT [options]

Writes OUT: a copy of FILE, in the same format, that is safe to share. Every user data
value (message text, tool arguments and results, state, request bodies, header and query
values) is masked with a same-length mask, so lint finds the same problems at the same
events; credentials (credential headers, cookies, URL user info, and credential-named
query parameters and JSON fields) are removed. Prints what it replaced, by kind, and
where each credential was. FILE may be a HAR, a session export or bug report, an SSE
body, an AG-UI protobuf body, JSONL events or a JSON array of events.

Options:
  -o OUT          the file to write (required; must differ from FILE)
  --hide-lengths  mask with a fixed token instead, hiding how long each value was
                  (findings about lengths may then differ)
  --strict        also replace what names or links things by pseudonyms: thread,
                  run, message and tool-call ids, tool, step and custom event names,
                  error codes, state keys and the patch paths naming them, URL path
                  segments (all but the last), SSE event names and ids, the HAR
                  creator and server address. The same value gets the same pseudonym
                  within the file (thread-1, call-2, key-3…), so the findings stay
                  the same; large files are still streamed
`;

export async function runRedactCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parsedOrExit(io, parseRedact(argv), REDACT_USAGE);
  if (typeof parsed === 'number') return parsed;
  return runRedact(io, parsed);
}
