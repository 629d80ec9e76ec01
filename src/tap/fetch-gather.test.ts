// While the transport gathers Blobs (it copies each chunk at once, exactly), the tap hands
// it the page's own chunk, or views of it, instead of copying first; otherwise a view of a
// bigger buffer is copied before it is sent (a port would clone the whole buffer).
import { afterEach, describe, expect, it } from 'vitest';
import type { TapWireMessage } from '../bridge/messages.js';
import { installTap } from './install-tap.js';
import { fakeWindow, readAll, responseWith, scriptedBody } from './fake-window.test-helper.js';

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

interface Seen {
  readonly seq: number;
  /** Whether the chunk handed over was a view into a bigger buffer (no copy of ours). */
  readonly view: boolean;
  readonly bytes: number[];
}

async function run(gathering: boolean, pieces: Uint8Array[]): Promise<{ seen: Seen[]; read: string }> {
  const win = fakeWindow();
  const seen: Seen[] = [];
  // Like the real transport: looks at the bytes at once (the page's chunk is detached right after).
  const emit = (m: TapWireMessage): void => {
    if (m.kind === 'stream-chunk')
      seen.push({ seq: m.seq, view: m.bytes.buffer.byteLength > m.bytes.byteLength, bytes: [...m.bytes] });
  };
  undo = installTap(win, emit, { gathering: () => gathering });
  const body = scriptedBody();
  win.respond = () => Promise.resolve(responseWith(body.stream, { headers: { 'content-type': 'text/event-stream' } }));
  const res = await win.fetch('https://agent.test/run');
  const read = readAll(res.body as ReadableStream<Uint8Array>);
  for (const p of pieces) body.push(p);
  body.close();
  return { seen, read: await read };
}

const partial = (): Uint8Array => {
  const buf = new Uint8Array(64).fill(0x78);
  buf.set(new TextEncoder().encode('data: 1\n\n'), 3);
  return buf.subarray(3, 12);
};

describe('the tap with a transport that gathers Blobs', () => {
  it("hands over the page's view as it is, and views of a chunk over 512 kB, with the exact bytes", async () => {
    const make = () => new Uint8Array(600 * 1024).map((_, i) => i % 251);
    const expected = [...partial(), ...make()];
    const { seen, read } = await run(true, [partial(), make()]); // the page's chunks are detached once read
    expect(seen.map((s) => [s.seq, s.view, s.bytes.length])).toEqual([
      [1, true, 9],
      [2, true, 512 * 1024],
      [3, true, 88 * 1024],
    ]);
    expect(seen.flatMap((s) => s.bytes)).toEqual(expected);
    expect(read.length).toBe(expected.length);
  });

  it('without it, copies a view first and merges small chunks of one millisecond as before', async () => {
    const { seen } = await run(false, [partial()]);
    expect(seen.map((s) => [s.view, s.bytes])).toEqual([[false, [...partial()]]]);
  });
});
