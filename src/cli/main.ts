// `agui-inspector`: lint and print recorded AG-UI streams. main() takes its I/O as an
// argument so tests run it in-process; entry.ts binds it to the real process.
import { printModel } from '../core/print/print-model.js';
import { parseCommand, USAGE, type Command } from './args.js';
import { formatJson } from './format-json.js';
import { formatText } from './format-text.js';
import { inspectBytes, reportFor } from './inspect-file.js';
import { runRedact } from './redact-command.js';
import { totals, type FileReport } from './report.js';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readFile: (path: string) => Promise<Uint8Array>;
  /** Only `redact` writes (its -o file). */
  readonly writeFile?: (path: string, bytes: Uint8Array) => Promise<void>;
  /** Colour the text output (stdout is a TTY and NO_COLOR is unset). */
  readonly color: boolean;
  readonly version?: string;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

function readError(e: unknown): string {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES') return 'permission denied';
  return e instanceof Error ? e.message : String(e);
}

async function read(io: CliIo, file: string): Promise<Uint8Array | undefined> {
  try {
    return await io.readFile(file);
  } catch (e) {
    io.stderr(`agui-inspector: ${file}: cannot read file: ${readError(e)}\n`);
    return undefined;
  }
}

async function lint(io: CliIo, command: Extract<Command, { kind: 'lint' }>): Promise<number> {
  const reports: FileReport[] = [];
  let unreadable = false;
  for (const file of command.files) {
    const bytes = await read(io, file);
    if (bytes === undefined) {
      unreadable = true;
      continue;
    }
    const result = inspectBytes(file, bytes);
    if (!result.ok) {
      io.stderr(`agui-inspector: ${result.error}\n`);
      unreadable = true;
      continue;
    }
    // Notes (skipped HAR entries, assumptions) go to stderr so JSON output stays parseable.
    for (const note of result.notes) io.stderr(`agui-inspector: note: ${note}\n`);
    reports.push(reportFor(file, result.model, command.minSeverity));
  }
  io.stdout(command.format === 'json' ? formatJson(reports) : formatText(reports, { color: io.color }));
  if (unreadable) return EXIT_USAGE;
  return totals(reports).errors > 0 ? EXIT_FINDINGS : EXIT_OK;
}

async function print(io: CliIo, file: string): Promise<number> {
  const bytes = await read(io, file);
  if (bytes === undefined) return EXIT_USAGE;
  const result = inspectBytes(file, bytes);
  if (!result.ok) {
    io.stderr(`agui-inspector: ${result.error}\n`);
    return EXIT_USAGE;
  }
  for (const note of result.notes) io.stderr(`agui-inspector: note: ${note}\n`);
  const text = printModel(result.model);
  io.stdout(text.endsWith('\n') ? text : `${text}\n`);
  return EXIT_OK;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const command = parseCommand(argv);
  switch (command.kind) {
    case 'help':
      io.stdout(USAGE);
      return EXIT_OK;
    case 'version':
      io.stdout(`${io.version ?? 'unknown'}\n`);
      return EXIT_OK;
    case 'usage-error':
      io.stderr(`agui-inspector: ${command.message}\n\n${USAGE}`);
      return EXIT_USAGE;
    case 'lint':
      return lint(io, command);
    case 'print':
      return print(io, command.file);
    case 'redact':
      return runRedact(io, command);
  }
}
