// `agui-inspector redact FILE -o OUT [--hide-lengths]`: argv → the redact command.
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../io.js';
import { parseRedact } from '../redact-args.js';
import { runRedact } from '../redact-command.js';

export const REDACT_USAGE = 'usage: agui-inspector redact FILE -o OUT [--hide-lengths]\n';

export async function runRedactCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseRedact(argv);
  if (parsed.kind === 'help') {
    io.stdout(REDACT_USAGE);
    return EXIT_OK;
  }
  if (parsed.kind === 'usage-error') {
    io.stderr(`agui-inspector: ${parsed.message}\n${REDACT_USAGE}`);
    return EXIT_USAGE;
  }
  return runRedact(io, parsed);
}
