// Command-line parsing (node:util parseArgs): turns argv into one command or a usage error.
import { parseArgs } from 'node:util';
import type { Severity } from '../core/findings.js';
import { parseRedact, type RedactCommand } from './redact-args.js';

export type OutputFormat = 'text' | 'json';

export type Command =
  | { readonly kind: 'lint'; readonly files: readonly string[]; readonly format: OutputFormat; readonly minSeverity: Severity }
  | { readonly kind: 'print'; readonly file: string }
  | RedactCommand
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'usage-error'; readonly message: string };

export const USAGE = `Usage:
  agui-inspector lint [--format text|json] [--min-severity error|warning|notice] FILE...
  agui-inspector print FILE
  agui-inspector redact FILE -o OUT [--hide-lengths]
  agui-inspector --help | --version

Checks recorded AG-UI streams against the protocol rules (docs/rules.md).
FILE may be a HAR ("Save all as HAR with content"), an AG-UI Inspector session export,
a raw SSE body (.sse/.txt), an AG-UI protobuf body (.bin/.pb), JSONL/NDJSON events or a
JSON array of events. The format is recognised from the content.

lint options:
  --format text|json            output style (default text; json prints one object)
  --min-severity LEVEL          show findings at or above LEVEL (default notice)

"event N" is the event's 0-based position in its stream, as in the panel.
redact writes OUT: FILE in the same format with user data masked (same lengths, so
lint finds the same problems; --hide-lengths uses a fixed token) and credentials removed.
Exit status: 0 no error findings, 1 error findings, 2 usage error or unreadable input.
`;

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'notice'];
const FORMATS: readonly OutputFormat[] = ['text', 'json'];

function pick<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T | undefined {
  if (value === undefined) return fallback;
  return allowed.find((a) => a === value);
}

export function parseCommand(argv: readonly string[]): Command {
  if (argv[0] === 'redact') return parseRedact(argv.slice(1));
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string' },
        'min-severity': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (e) {
    return { kind: 'usage-error', message: e instanceof Error ? e.message : String(e) };
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };
  if (values.version === true) return { kind: 'version' };
  const [command, ...files] = positionals;
  if (command === undefined) return { kind: 'usage-error', message: 'missing command (lint, print or redact)' };
  if (command === 'help') return { kind: 'help' };
  if (command === 'lint') {
    const format = pick(values.format, FORMATS, 'text');
    if (format === undefined) return { kind: 'usage-error', message: `--format must be text or json, not "${values.format ?? ''}"` };
    const minSeverity = pick(values['min-severity'], SEVERITIES, 'notice');
    if (minSeverity === undefined) {
      return { kind: 'usage-error', message: `--min-severity must be error, warning or notice, not "${values['min-severity'] ?? ''}"` };
    }
    if (files.length === 0) return { kind: 'usage-error', message: 'lint needs at least one FILE' };
    return { kind: 'lint', files, format, minSeverity };
  }
  if (command === 'print') {
    if (values.format !== undefined || values['min-severity'] !== undefined) {
      return { kind: 'usage-error', message: 'print takes no options' };
    }
    if (files.length !== 1) return { kind: 'usage-error', message: 'print takes exactly one FILE' };
    return { kind: 'print', file: files[0]! };
  }
  return { kind: 'usage-error', message: `unknown command "${command}" (expected lint, print or redact)` };
}
