// `agui-inspector`: a thin dispatcher from the first argument to a command of the registry
// (commands/registry.ts). main() takes its I/O as an argument so tests run it in-process;
// entry.ts binds it to the real process.
import { parseTop, topUsage } from './args.js';
import { commandNamed, COMMANDS } from './commands/registry.js';
import { EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';

export { EXIT_FINDINGS, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';

const USAGE = topUsage(COMMANDS);

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const top = parseTop(
    argv,
    COMMANDS.map((c) => c.name),
  );
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
      try {
        return await commandNamed(top.name)!.run(top.argv, io);
      } catch (e) {
        return reportInternalError(io, top.name, e);
      }
  }
}

/** A crash is never a finding: a bug in the tool gets its own exit status and says so. */
export function reportInternalError(io: CliIo, command: string, e: unknown): number {
  const detail = e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : String(e);
  try {
    io.stderr(
      `agui-inspector ${command}: internal error (a bug in agui-inspector, not a finding in your file; ` +
        `exit status ${EXIT_INTERNAL}). Please report it with this text:\n${detail}\n`,
    );
  } catch {
    // stderr itself failed: the exit status still tells.
  }
  return EXIT_INTERNAL;
}
