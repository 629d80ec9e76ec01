// What a command may do to the outside world. main() takes it as an argument so tests
// run commands in-process; entry.ts binds it to the real process.
import type { OpenChunks } from '../core/io/stream/chunks.js';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readFile: (path: string) => Promise<Uint8Array>;
  /**
   * The file as pieces, readable more than once, refusing what readFile refuses. When
   * given, lint streams SSE/protobuf bodies and HARs instead of reading them whole.
   */
  readonly openFile?: (path: string) => Promise<OpenChunks>;
  /** Colour the text output (stdout is a TTY and NO_COLOR is unset). */
  readonly color: boolean;
  readonly version?: string;
  /** Where the lookup of agui-inspector.config.json starts (absent: no lookup). */
  readonly cwd?: string;
  /** The terminal's width when stdout is one; text output is not padded past it. */
  readonly columns?: number;
  readonly writeFile?: (path: string, data: string | Uint8Array) => Promise<void>;
  /** Whether two paths name the same existing file (false when either does not exist). */
  readonly sameFile?: (a: string, b: string) => Promise<boolean>;
  /** A file written piece by piece (redact's streamed output), each write awaited. */
  readonly createWriter?: (path: string) => Promise<FileWriter>;
  /** The built viewer (dist-viewer/) that `view` serves; absent where it is not built. */
  readonly viewerDir?: string;
  /** Opens a URL in the default browser (`view`). */
  readonly openUrl?: (url: string) => Promise<void>;
  /** Settles when the user asks a long-running command (serve) to stop (SIGINT/SIGTERM). */
  readonly untilStopped?: () => Promise<unknown>;
}

export interface FileWriter {
  readonly write: (bytes: Uint8Array) => Promise<void>;
  /** Completes the file (only then does it appear under its name). */
  readonly close: () => Promise<void>;
  /** Gives up: nothing is left under the file's name. */
  readonly abort: () => Promise<void>;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
/** An unexpected error inside the tool (a bug): never 0 or 1, which CI reads as verdicts. */
export const EXIT_INTERNAL = 3;

export function readError(e: unknown): string {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES') return 'permission denied';
  return e instanceof Error ? e.message : String(e);
}

export function isMissing(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === 'ENOENT';
}

/** The file's bytes, or undefined after telling the user why not. */
export async function readInput(io: CliIo, file: string): Promise<Uint8Array | undefined> {
  try {
    return await io.readFile(file);
  } catch (e) {
    io.stderr(`agui-inspector: ${file}: cannot read file: ${readError(e)}\n`);
    return undefined;
  }
}

/** A command's usage error: the reason, then how to call it. */
export function usageError(io: CliIo, message: string, usage: string): number {
  io.stderr(`agui-inspector: ${message}\n\n${usage}`);
  return EXIT_USAGE;
}

/**
 * A file a command read, as every command reports it: its error on stderr (undefined back:
 * the command exits 2), or its notes on stderr and the result.
 */
export function readOrReport<R extends { readonly ok: true; readonly notes: readonly string[] }>(
  io: CliIo,
  result: R | { readonly ok: false; readonly error: string },
): R | undefined {
  if (!result.ok) {
    io.stderr(`agui-inspector: ${result.error}\n`);
    return undefined;
  }
  for (const note of result.notes) io.stderr(`agui-inspector: note: ${note}\n`);
  return result;
}

/** What a command's argument parser answers besides its arguments. */
type HelpOrUsageError = { readonly kind: 'help' } | { readonly kind: 'usage-error'; readonly message: string };

/**
 * Answers --help (the usage on stdout, exit 0) and usage errors (the message and the usage on
 * stderr, exit 2) the same for every command; anything else is the parsed arguments, to run.
 */
export function parsedOrExit<P extends { readonly kind: string }>(
  io: CliIo,
  parsed: P | HelpOrUsageError,
  usage: string,
): Exclude<P, HelpOrUsageError> | number {
  if (parsed.kind === 'help') {
    io.stdout(usage);
    return EXIT_OK;
  }
  if (parsed.kind === 'usage-error') return usageError(io, (parsed as { message: string }).message, usage);
  return parsed as Exclude<P, HelpOrUsageError>;
}
