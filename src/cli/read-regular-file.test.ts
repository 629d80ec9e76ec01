// Files over 2 GiB: read as a stream (openRegularFile) whatever their size; read whole
// (readRegularFile, for the kinds that do not stream) refused with a message that says why.
// A sparse file: its size costs no disk and nothing of it is read.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_WHOLE_READ, openRegularFile, readRegularFile } from './read-regular-file.js';

const dir = mkdtempSync(join(tmpdir(), 'agui-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('files over 2 GiB', () => {
  const big = join(dir, 'big.jsonl');
  writeFileSync(big, '{"type":"RUN_STARTED","threadId":"t","runId":"r"}\n');
  truncateSync(big, MAX_WHOLE_READ + 1);

  it('are refused whole with a message naming the limit and what streams', async () => {
    await expect(readRegularFile(big)).rejects.toThrow(/2\.0 GiB, too large to read whole.*JSONL files of any size/);
  });

  it('open as a stream, which starts with the file’s first bytes', async () => {
    const open = await openRegularFile(big);
    const source = open();
    const first = await source[Symbol.asyncIterator]().next();
    (source as { destroy?: () => void }).destroy?.();
    expect(new TextDecoder().decode(first.value as Uint8Array)).toMatch(/^\{"type":"RUN_STARTED"/);
  });

  it('a small file is still read whole', async () => {
    const small = join(dir, 'small.jsonl');
    writeFileSync(small, '{}\n');
    expect((await readRegularFile(small)).length).toBe(3);
  });
});
