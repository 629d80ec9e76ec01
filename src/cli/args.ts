// The top level of the command line: help, version, or which command gets the rest of
// argv. Each command parses its own options (commands/*-args.ts); the commands and their
// synopses come from the registry (commands/registry.ts).
import type { CliCommand } from './commands/registry.js';

export type TopLevel =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'usage-error'; readonly message: string }
  | { readonly kind: 'command'; readonly name: string; readonly argv: readonly string[] };

/** What `agui-inspector --help` prints: each command's synopsis, then what the tool reads. */
export function topUsage(commands: readonly Pick<CliCommand, 'synopsis'>[]): string {
  return `Usage:
${commands.map((c) => `  agui-inspector ${c.synopsis}\n`).join('')}  agui-inspector COMMAND --help | --help | --version

Checks, replays and converts recorded AG-UI streams (rules: docs/rules.md);
probe checks a live AG-UI server (docs/probe.md); view opens the AG-UI panel on FILE in
the browser, without the extension.
FILE may be a HAR ("Save all as HAR with content"), an AG-UI Inspector session export,
a raw SSE body (.sse/.txt), an AG-UI protobuf body (.bin/.pb), JSONL/NDJSON events or a
JSON array of events. The format is recognised from the content.
redact writes OUT: FILE in the same format with user data masked (same lengths, so
lint finds the same problems; --hide-lengths uses a fixed token) and credentials removed;
--strict also replaces ids, names, state keys and URL path segments by pseudonyms.
`;
}

export function parseTop(argv: readonly string[], commands: readonly string[]): TopLevel {
  const [first, ...rest] = argv;
  if (first === undefined) return { kind: 'usage-error', message: `missing command (${commands.join(', ')})` };
  if (first === '--help' || first === '-h' || first === 'help') return { kind: 'help' };
  if (first === '--version' || first === '-v') return { kind: 'version' };
  if (!commands.includes(first)) {
    const what = first.startsWith('-') ? `unknown option "${first}" before the command` : `unknown command "${first}"`;
    return { kind: 'usage-error', message: `${what} (expected ${commands.join(', ')})` };
  }
  return { kind: 'command', name: first, argv: rest };
}
