// `agui-inspector print FILE`: the model of one file as indented text.
import { inspectBytes, printModel } from '../core-deps.js';
import { EXIT_OK, EXIT_USAGE, parsedOrExit, readOrReport, type CliIo } from '../io.js';
import { readRecordingInput } from '../har-bundle.js';
import { parsePrintArgs, PRINT_USAGE } from './print-args.js';

export async function runPrint(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parsedOrExit(io, parsePrintArgs(argv), PRINT_USAGE);
  if (typeof parsed === 'number') return parsed;
  const bytes = await readRecordingInput(io, parsed.file);
  if (bytes === undefined) return EXIT_USAGE;
  const result = readOrReport(io, inspectBytes(parsed.file, bytes));
  if (!result) return EXIT_USAGE;
  const text = printModel(result.model, {
    ...(result.sessionNotes !== undefined ? { notes: result.sessionNotes } : {}),
    ...(result.findingsBefore !== undefined ? { findingsBefore: result.findingsBefore } : {}),
  });
  io.stdout(text.endsWith('\n') ? text : `${text}\n`);
  return EXIT_OK;
}
