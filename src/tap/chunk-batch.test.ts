// Small chunks of the same millisecond travel as one message; big ones and chunks of
// another millisecond as they are; the page's bytes are never changed.
import { afterEach, describe, expect, it } from 'vitest';
import { installTap } from './install-tap.js';
import { chunksText, collector, fakeWindow, readAll, responseWith, scriptedBody } from './fake-window.test-helper.js';

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

describe('chunk batching', () => {
  it('merges small same-millisecond chunks, keeps big ones and later ones apart', async () => {
    let clock = 5000;
    const win = fakeWindow({ Date: { now: () => clock } as unknown as DateConstructor });
    const c = collector();
    undo = installTap(win, c.emit);
    const body = scriptedBody();
    win.respond = () =>
      Promise.resolve(responseWith(body.stream, { headers: { 'content-type': 'text/event-stream' } }));
    const res = await win.fetch('/s');
    const text = readAll(res.body as ReadableStream<Uint8Array>);
    body.push('data: 1\n\n');
    body.push('data: 2\n\n');
    body.push('data: 3\n\n');
    body.push(`data: ${'x'.repeat(20_000)}\n\n`);
    await expect.poll(() => c.kinds().filter((k) => k === 'stream-chunk').length).toBe(2);
    clock = 5007;
    body.push('data: 4\n\n');
    await expect.poll(() => c.kinds().filter((k) => k === 'stream-chunk').length).toBe(3);
    body.close();
    const got = await text;
    await expect.poll(() => c.kinds().at(-1)).toBe('stream-end');
    expect(chunksText(c.msgs)).toBe(got);
    const chunks = c.msgs.filter((m) => m.kind === 'stream-chunk');
    expect(chunks.map((m) => (m.kind === 'stream-chunk' ? [m.bytes.byteLength, m.t, m.seq] : []))).toEqual([
      [27, 5000, 1],
      [20_008, 5000, 2],
      [9, 5007, 3],
    ]);
  });
});
