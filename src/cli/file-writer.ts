// A file written piece by piece, each write waiting while the stream's buffer is full, so
// a streamed command's memory stays one piece however large its output. Node-only.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { FileWriter } from './io.js';

export async function createWriter(path: string): Promise<FileWriter> {
  const stream = createWriteStream(path);
  await once(stream, 'open');
  let failed: Error | undefined;
  stream.on('error', (e) => (failed = e));
  return {
    write: async (bytes) => {
      if (failed) throw failed;
      if (!stream.write(bytes)) await Promise.race([once(stream, 'drain'), once(stream, 'error')]);
      if (failed) throw failed;
    },
    close: async () => {
      stream.end();
      await once(stream, 'close');
      if (failed) throw failed;
    },
  };
}
