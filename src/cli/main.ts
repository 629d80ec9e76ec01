// `agui-inspector`: a thin dispatcher from the first argument to a command module
// (commands/*.ts). main() takes its I/O as an argument so tests run it in-process;
// entry.ts binds it to the real process.
import { parseTop, USAGE } from './args.js';
import { runExport } from './commands/export.js';
import { runLint } from './commands/lint.js';
import { runPrint } from './commands/print.js';
import { runProbeCommand } from './commands/probe.js';
import { runRedactCommand } from './commands/redact.js';
import { runServe } from './commands/serve.js';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';

export { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';

type Command = (argv: readonly string[], io: CliIo) => Promise<number>;

const COMMANDS: Readonly<Record<string, Command>> = {
  lint: runLint,
  print: runPrint,
  serve: runServe,
  export: runExport,
  redact: runRedactCommand,
  probe: runProbeCommand,
};

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const top = parseTop(argv, Object.keys(COMMANDS));
  switch (top.kind) {
    case 'help':
      io.stdout(USAGE);
      return EXIT_OK;
    case 'version':
      io.stdout(`${io.version ?? 'unknown'}\n`);
      return EXIT_OK;
    case 'usage-error':
      io.stderr(`agui-inspector: ${top.message}\n\n${USAGE}`);
      return EXIT_USAGE;
    case 'command':
      return COMMANDS[top.name]!(top.argv, io);
  }
}
