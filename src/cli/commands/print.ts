// `agui-inspector print FILE`: the model of one file as indented text.
import { parseArgs } from 'node:util';
import { inspectBytes, printModel } from '../core-deps.js';
import { EXIT_OK, EXIT_USAGE, readInput, usageError, readOrReport, type CliIo } from '../io.js';

export const PRINT_USAGE = `Usage: agui-inspector print FILE

Prints the inspector's model of one recorded file as text: streams (and which were
answered by a replay), runs with their outcome as the panel shows it, tool calls,
messages, findings, and the notes people attached to a session export or bug report.
`;

export async function runPrint(argv: readonly string[], io: CliIo): Promise<number> {
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { help: { type: 'boolean', short: 'h' } },
    });
    if (parsed.values.help === true) {
      io.stdout(PRINT_USAGE);
      return EXIT_OK;
    }
    positionals = parsed.positionals;
  } catch {
    return usageError(io, 'print takes no options', PRINT_USAGE);
  }
  if (positionals.length !== 1) return usageError(io, 'print takes exactly one FILE', PRINT_USAGE);
  const file = positionals[0]!;
  const bytes = await readInput(io, file);
  if (bytes === undefined) return EXIT_USAGE;
  const result = readOrReport(io, inspectBytes(file, bytes));
  if (!result) return EXIT_USAGE;
  const text = printModel(result.model, result.sessionNotes !== undefined ? { notes: result.sessionNotes } : {});
  io.stdout(text.endsWith('\n') ? text : `${text}\n`);
  return EXIT_OK;
}
