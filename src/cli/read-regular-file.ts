// Reads an input file, refusing what is not a regular file: a FIFO would block forever and
// a device such as /dev/zero never ends. Node-only; entry.ts hands it to main() as readFile.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { OpenChunks } from '../core/io/stream/chunks.js';

// Reads of 64 KB: a piece is judged before the collector's next young-generation pass, so
// it dies young. (Megabyte pieces outlived those passes, were moved to the old generation
// and held their bytes until a full collection: tens of MB more at the peak.)
const PIECE = 1 << 16;

/** fs.readFile's limit: a file is read whole only up to 2 GiB. */
export const MAX_WHOLE_READ = 2 ** 31 - 1;

export class TooLargeToReadWhole extends Error {
  readonly code = 'ETOOLARGE';
  constructor(size: number) {
    super(
      `${(size / 2 ** 30).toFixed(1)} GiB, too large to read whole (2 GiB at most); SSE and protobuf bodies, ` +
        'HARs and JSONL files of any size are read as a stream, sessions and JSON documents are not',
    );
  }
}

export class NotARegularFile extends Error {
  readonly code = 'ENOTREG';
  constructor(what: string) {
    super(`not a regular file (${what}); give a file, not a pipe or a device`);
  }
}

function kind(s: {
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
  isDirectory(): boolean;
}): string {
  if (s.isFIFO()) return 'a FIFO';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  if (s.isDirectory()) return 'a directory';
  return 'not a file';
}

export async function readRegularFile(path: string): Promise<Uint8Array> {
  // Looked at before opening: opening a FIFO for reading waits for a writer.
  const s = await stat(path);
  if (!s.isFile()) throw new NotARegularFile(kind(s));
  if (s.size > MAX_WHOLE_READ) throw new TooLargeToReadWhole(s.size);
  return new Uint8Array(await readFile(path));
}

async function* nothing(): AsyncGenerator<Uint8Array> {}

export async function openRegularFile(path: string): Promise<OpenChunks> {
  const s = await stat(path);
  if (!s.isFile()) throw new NotARegularFile(kind(s));
  const whole = () => createReadStream(path, { highWaterMark: PIECE });
  // createReadStream's end is inclusive; an empty range reads nothing.
  const range = (start: number, end: number): AsyncIterable<Uint8Array> =>
    end > start ? createReadStream(path, { highWaterMark: PIECE, start, end: end - 1 }) : nothing();
  return Object.assign(whole, { range });
}
