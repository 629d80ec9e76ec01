// `agui-inspector redact FILE -o OUT [--hide-lengths] [--strict]`: its usage and its own
// options, parsed apart from lint's so the two commands evolve independently.
import { parseOptions } from '../parse-options.js';
import type { RedactJob } from '../redact/write-redacted.js';

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

export interface RedactArgs extends RedactJob {
  readonly kind: 'redact';
}

export type RedactParse =
  RedactArgs | { readonly kind: 'usage-error'; readonly message: string } | { readonly kind: 'help' };

/** argv after the word `redact`. */
export function parseRedactArgs(argv: readonly string[]): RedactParse {
  const parsed = parseOptions(argv, {
    out: { type: 'string', short: 'o' },
    'hide-lengths': { type: 'boolean' },
    strict: { type: 'boolean' },
  });
  if (parsed.kind !== 'parsed') return parsed;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return { kind: 'usage-error', message: 'redact takes exactly one FILE' };
  const out = values.out;
  if (out === undefined || out === '')
    return { kind: 'usage-error', message: 'redact needs -o OUT (the file to write)' };
  const file = positionals[0]!;
  // Overwriting the only copy of a customer's file with a redacted one is never wanted.
  if (out === file) return { kind: 'usage-error', message: 'redact: OUT must differ from FILE' };
  return { kind: 'redact', file, out, hideLengths: values['hide-lengths'] === true, strict: values.strict === true };
}
