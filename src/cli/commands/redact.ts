// `agui-inspector redact FILE -o OUT [--hide-lengths] [--strict]`: argv → a redacted copy.
import { parsedOrExit, type CliIo } from '../io.js';
import { writeRedacted } from '../redact/write-redacted.js';
import { parseRedactArgs, REDACT_USAGE } from './redact-args.js';

export async function runRedact(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parsedOrExit(io, parseRedactArgs(argv), REDACT_USAGE);
  if (typeof parsed === 'number') return parsed;
  return writeRedacted(io, parsed);
}
