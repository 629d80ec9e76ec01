// The relay and the tap's own Blob batches: the tap is told to gather only while a panel
// watches over ports that structure-clone (never under JSON), a batch reaches the panel as
// exact chunks in order with the relay's other messages, the per-stream cap cuts inside a
// batch, and a batch from a tap never told is refused.
import { describe, expect, it } from 'vitest';
import type { ChunkBlob, ChunkPart, RelayMessage } from './messages.js';
import { chunkBytes } from './chunk-bytes.js';
import { createRelayBuffer, estimateBytes } from './relay-buffer.js';
import { createPortTransport } from './port-transport.js';
import { answeringTapPort, open, ORIGIN, rawChunk, streamEnd, tick, world } from './relay-world.test-helper.js';

const enc = new TextEncoder();
const settle = (): Promise<void> => tick(5);

/** A tap-made batch: the parts' bytes back to back, each part with its own stream, seq and size. */
function batch(parts: [string, number, Uint8Array][]): ChunkBlob {
  const list: ChunkPart[] = parts.map(([streamId, seq, b]) => ({ streamId, seq, t: 5, size: b.byteLength }));
  return { kind: 'chunk-blob', blob: new Blob(parts.map((p) => p[2] as BlobPart)), parts: list };
}
const raw = rawChunk;
const end = streamEnd;

function tapWorld(serialization: 'json' | 'structured_clone', streamBytes?: number, tapBlobBytes?: number) {
  const timers: (() => void)[] = [];
  const w = world({
    serialization,
    later: (fn) => void timers.push(fn),
    ...(streamBytes ? { streamBytes } : {}),
    ...(tapBlobBytes !== undefined ? { tapBlobBytes } : {}),
  });
  const { port, relay } = w.startTabRelay(1, answeringTapPort());
  const said = () =>
    port.back.filter((c) => (c as { kind?: string }).kind === 'relay-blobs').map((c) => (c as { on: boolean }).on);
  return { w, port, relay, said, fire: () => timers.splice(0).forEach((fn) => fn()) };
}

const live = (got: RelayMessage[]) => got.slice(got.findIndex((m) => m.kind === 'buffer-state') + 1);
const chunksOf = (got: RelayMessage[]) =>
  got.flatMap((m) =>
    m.kind === 'stream-chunk' ? [`${m.streamId}#${m.seq}:${[...(chunkBytes(m) ?? [])].join(',')}`] : [],
  );

describe('relay: the tap gathers Blobs only while a panel watches', () => {
  it('tells the tap "on" when a panel says hello over structured clone, "off" when the last one goes', async () => {
    const t = tapWorld('structured_clone');
    await settle();
    expect(t.said()).toEqual([]); // no panel: the tap keeps sending bytes
    const p = t.w.panel(1);
    await settle();
    expect(t.said()).toEqual([true]);
    p.t.close();
    await settle();
    expect(t.said()).toEqual([true, false]);
  });

  it('tells the tap when something watches (it holds its chunks until then), and how much to hold after', async () => {
    for (const serialization of ['json', 'structured_clone'] as const) {
      const t = tapWorld(serialization);
      const watch = () =>
        t.port.back.filter((c) => (c as { kind?: string }).kind === 'relay-watch') as {
          live: boolean;
          holdBytes: number;
        }[];
      await settle();
      expect(watch()).toEqual([]); // the tap starts holding: nothing to say
      const p = t.w.panel(1);
      await settle();
      expect(watch().map((m) => m.live)).toEqual([true]);
      p.t.close();
      await settle();
      // Half the relay's buffer, which a panel's connection raised from 4 MB to 16 MB.
      expect(watch()).toEqual([expect.anything(), { kind: 'relay-watch', live: false, holdBytes: 8 * 1024 * 1024 }]);
    }
  });

  it('never tells a tap under JSON ports, and refuses a Blob batch from a tap it did not tell', async () => {
    const t = tapWorld('json');
    const p = t.w.panel(1);
    await settle();
    expect(t.said()).toEqual([]);
    t.port.send(open('a'));
    t.port.send(batch([['a', 1, enc.encode('x')]]));
    t.port.send(raw('a', 2, enc.encode('data: 2\n\n')));
    await settle();
    expect(t.relay.stats().rejected).toBe(1);
    const c = p.got.filter((m) => m.kind === 'stream-chunk');
    expect(c.map((m) => ('text' in m ? m.text : undefined))).toEqual(['data: 2\n\n']); // text, as before
  });

  it("hands the panel the tap's batches as exact chunks, in order with the relay's own Blobs and other messages", async () => {
    const t = tapWorld('structured_clone');
    const p = t.w.panel(1);
    await settle();
    const bin = new Uint8Array([0xff, 0x00, 0xfe]);
    t.port.send(open('a'));
    t.port.send(raw('a', 1, enc.encode('é'))); // sent before the tap heard "on": bytes, in the relay's batch
    t.port.send(open('b'));
    t.port.send(
      batch([
        ['a', 2, bin],
        ['b', 1, enc.encode('data: ✓').slice(0, 7)],
        ['a', 3, enc.encode('z')],
      ]),
    );
    t.port.send(end('b', 2));
    await settle();
    t.fire();
    await settle();
    expect(live(p.got).map((m) => (m.kind === 'stream-chunk' ? `${m.streamId}#${m.seq}` : m.kind))).toEqual([
      'stream-open',
      'a#1',
      'stream-open',
      'a#2',
      'b#1',
      'a#3',
      'stream-end',
    ]);
    expect(chunksOf(p.got)).toEqual([
      `a#1:${[...enc.encode('é')].join(',')}`,
      'a#2:255,0,254',
      `b#1:${[...enc.encode('data: ✓').slice(0, 7)].join(',')}`,
      `a#3:${[...enc.encode('z')].join(',')}`,
    ]);
  });

  it("sends the tap's Blobs on together: one runtime-port message for several, flushed by the relay's next message", async () => {
    const t = tapWorld('structured_clone', undefined, 4); // a tap Blob of 4 bytes or more came full
    const raw: RelayMessage[] = [];
    const p = createPortTransport((name) => t.w.connectAs(name, { url: `${ORIGIN}panel.html` }), 1, {
      panelId: 'raw',
      expandBlobs: false,
    });
    p.subscribe((m) => raw.push(m));
    await settle();
    t.port.send(open('a'));
    t.port.send(batch([['a', 1, enc.encode('one ')]]));
    t.port.send(
      batch([
        ['a', 2, enc.encode('two ')],
        ['a', 3, enc.encode('three ')],
      ]),
    );
    t.port.send(batch([['a', 4, enc.encode('four')]]));
    await settle();
    expect(live(raw).map((m) => m.kind)).toEqual(['stream-open']); // the Blobs wait for more, or their deadline
    t.port.send(end('a', 5));
    await settle();
    expect(live(raw).map((m) => m.kind)).toEqual(['stream-open', 'chunk-blob', 'stream-end']);
    const m = live(raw)[1] as ChunkBlob;
    expect(m.parts.map((x) => x.seq)).toEqual([1, 2, 3, 4]);
    expect(await m.blob.text()).toBe('one two three four');
    t.port.send(open('b'));
    t.port.send(batch([['b', 1, enc.encode('alone')]]));
    await settle();
    t.fire(); // the deadline: a lone Blob goes as the tap made it
    await settle();
    const last = live(raw).at(-1) as ChunkBlob;
    expect([last.kind, last.parts.map((x) => `${x.streamId}${x.seq}`), await last.blob.text()]).toEqual([
      'chunk-blob',
      ['b1'],
      'alone',
    ]);
    const before = live(raw).length;
    t.port.send(batch([['b', 2, enc.encode('full')]]));
    t.port.send(batch([['b', 3, enc.encode('end')]])); // not full: the stream slowed, both go now
    await settle();
    const slow = live(raw).slice(before) as ChunkBlob[];
    expect(slow.map((m) => m.parts.map((x) => x.seq))).toEqual([[2, 3]]);
  });

  it('cuts a stream at its cap inside a batch: its end says so, the other stream keeps its exact bytes', async () => {
    const t = tapWorld('structured_clone', 4);
    const p = t.w.panel(1);
    await settle();
    t.port.send(open('a'));
    t.port.send(open('b'));
    t.port.send(
      batch([
        ['a', 1, enc.encode('aa')],
        ['b', 1, enc.encode('bbb')],
        ['a', 2, enc.encode('aaa')], // a: 5 bytes > 4, cut here
        ['b', 2, enc.encode('b')],
        ['a', 3, enc.encode('a')], // dropped: a was cut
      ]),
    );
    t.port.send(end('a', 4)); // the tap's own end of a cut stream goes nowhere
    await settle();
    expect(chunksOf(p.got)).toEqual(['a#1:97,97', 'b#1:98,98,98', 'b#2:98']);
    const ends = p.got.filter((m) => m.kind === 'stream-end');
    expect(ends).toEqual([
      expect.objectContaining({ streamId: 'a', seq: 2, reason: 'capture-truncated', error: 'capture stopped at 4 B' }),
    ]);
  });
});

describe('relay buffer: Blob batches', () => {
  it('weighs a batch by its bytes and counts each of its chunks as lost when no panel saw it', () => {
    const b1 = batch([
      ['s', 1, new Uint8Array(100)],
      ['s', 2, new Uint8Array(50)],
    ]);
    const b2 = batch([['s', 3, new Uint8Array(10)]]);
    expect(estimateBytes(b1)).toBeGreaterThanOrEqual(150);
    const buf = createRelayBuffer(100, estimateBytes(b1) + estimateBytes(b2));
    buf.push(b1, false);
    buf.push(b2, false);
    buf.push(b2, false); // over the cap: the first batch goes
    expect([buf.size, buf.lost, buf.lostBytes]).toEqual([2, 2, estimateBytes(b1)]);
  });
});
