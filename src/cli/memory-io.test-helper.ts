// The CLI's outside world in memory, for tests that run commands in-process through main():
// stdout and stderr captured as text, files written (whole or piece by piece) kept in a map,
// files read from a given table first, then those written, then from disk (relative to
// `dir`), as the real CLI reads them; with `pieces`, also opened as pieces of that size
// (the streamed paths).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { concatBytes } from '../core/bytes.js';
import { chunksOf } from '../core/io/stream/chunks.js';
import { main, type CliIo } from './main.js';

export interface MemoryIoOptions extends Partial<Omit<CliIo, 'stdout' | 'stderr' | 'writeFile' | 'createWriter'>> {
  /** Files that exist only in memory, by the path a command is given. */
  readonly files?: Readonly<Record<string, string | Uint8Array>>;
  /** Where other paths are read from (default: the working directory). */
  readonly dir?: string;
  /** Give the commands openFile, serving each file in pieces of this many bytes. */
  readonly pieces?: number;
}

export interface MemoryIo {
  readonly io: CliIo;
  /** Everything written to stdout so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** Files the command wrote, by path (a piece-by-piece file once it was closed). */
  readonly written: ReadonlyMap<string, Uint8Array>;
  writtenText(path: string): string | undefined;
  /** How many times a file was opened as pieces, and how many pieces were written. */
  readonly opened: number;
  readonly piecesWritten: number;
}

const bytesOf = (data: string | Uint8Array): Uint8Array =>
  typeof data === 'string' ? new TextEncoder().encode(data) : data;

export function memoryIo(options: MemoryIoOptions = {}): MemoryIo {
  const { files = {}, dir = '.', pieces, ...rest } = options;
  let stdout = '';
  let stderr = '';
  let opened = 0;
  let piecesWritten = 0;
  const written = new Map<string, Uint8Array>();
  const read = async (path: string): Promise<Uint8Array> => {
    // A file the command wrote reads back as written (redact lints its own copy).
    const file = files[path] ?? written.get(path);
    return file !== undefined ? bytesOf(file) : new Uint8Array(await readFile(resolve(dir, path)));
  };
  const io: CliIo = {
    readFile: read,
    ...(pieces !== undefined
      ? {
          openFile: async (path: string) => {
            const bytes = await read(path);
            opened++;
            return chunksOf(bytes, pieces);
          },
        }
      : {}),
    color: false,
    version: '9.9.9-test',
    ...rest,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    writeFile: async (path, data) => void written.set(path, bytesOf(data)),
    createWriter: async (path) => {
      const parts: Uint8Array[] = [];
      return {
        write: async (bytes) => {
          parts.push(bytes);
          piecesWritten++;
        },
        close: async () => void written.set(path, concatBytes(parts)),
        abort: async () => undefined,
      };
    },
  };
  return {
    io,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    written,
    writtenText: (path) => {
      const bytes = written.get(path);
      return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
    },
    get opened() {
      return opened;
    },
    get piecesWritten() {
      return piecesWritten;
    },
  };
}

export interface CliRun extends Omit<MemoryIo, 'io'> {
  readonly code: number;
}

/** `agui-inspector ARGV` in-process: its exit code, output and written files. */
export async function runCli(argv: readonly string[], options: MemoryIoOptions = {}): Promise<CliRun> {
  const memory = memoryIo(options);
  const code = await main(argv, memory.io);
  return {
    code,
    stdout: memory.stdout,
    stderr: memory.stderr,
    written: memory.written,
    writtenText: memory.writtenText,
    opened: memory.opened,
    piecesWritten: memory.piecesWritten,
  };
}
