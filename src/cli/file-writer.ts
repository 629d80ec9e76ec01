// A file written piece by piece, each write waiting while the stream's buffer is full, so
// a streamed command's memory stays one piece however large its output. The pieces go to
// a temporary file beside OUT, renamed to OUT when complete: a failure never leaves half a
// file under OUT, and OUT naming the input by another path (./a.sse for a.sse) does not
// empty the input before it is read. Node-only.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import type { FileWriter } from './io.js';

/** Settles when the stream drains or fails, leaving no listener behind (one write at a time). */
function drained(stream: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
  });
}

export async function createWriter(path: string): Promise<FileWriter> {
  const partial = `${path}.partial-${process.pid}`;
  const stream = createWriteStream(partial, { flags: 'wx' });
  await once(stream, 'open');
  let failed: Error | undefined;
  stream.on('error', (e) => (failed = e));
  return {
    write: async (bytes) => {
      if (failed) throw failed;
      if (!stream.write(bytes)) await drained(stream);
      if (failed) throw failed;
    },
    close: async () => {
      stream.end();
      await once(stream, 'close');
      if (failed) throw failed;
      await rename(partial, path);
    },
    abort: async () => {
      stream.destroy();
      await rm(partial, { force: true });
    },
  };
}

export async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    const [x, y] = await Promise.all([stat(a), stat(b)]);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}
