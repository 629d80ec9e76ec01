// With ports that structure-clone, the relay sends live and replayed chunks as Blobs and
// the panel's transport reads them back: same bytes, same order, interleaved with the
// other messages exactly as sent. With JSON ports (an older Chrome) the probe does not
// arrive whole and chunks travel as text, as before.
import { describe, expect, it } from 'vitest';
import { LIMITS, type RelayMessage } from './messages.js';
import { chunkBytes } from './chunk-bytes.js';
import { open, ORIGIN, rawChunk, streamEnd, tick, world } from './relay-world.test-helper.js';

const enc = new TextEncoder();
/** `head` followed by zeros: past the size under which a batch goes chunk by chunk. */
const big = (head: Uint8Array): Uint8Array => {
  const b = new Uint8Array(head.length + LIMITS.chunkBlobMinBytes);
  b.set(head);
  return b;
};
const raw = rawChunk;
const end = streamEnd;
const settle = (): Promise<void> => tick(5);
const summary = (got: RelayMessage[]): string[] =>
  got.map((m) =>
    m.kind === 'stream-chunk' ? `${m.streamId}#${m.seq}` : m.kind === 'stream-end' ? `end ${m.streamId}` : m.kind,
  );

function blobWorld(serialization: 'json' | 'structured_clone') {
  const timers: (() => void)[] = [];
  const w = world({ serialization, later: (fn) => void timers.push(fn) });
  const relay = w.startTabRelay(1);
  const panel = w.panel(1);
  // What crosses a panel's port, before a transport reads it.
  const wire: string[] = [];
  const rawPort = w.connectAs('agui-panel:1', { url: `${ORIGIN}panel.html` });
  rawPort.onMessage.addListener((m) => void wire.push(String((m as { msg?: { kind?: string } }).msg?.kind)));
  const fire = () => timers.splice(0).forEach((fn) => fn());
  return { ...relay, panel, fire, wire };
}

describe('relay: chunks as Blobs', () => {
  it('the panel gets the exact bytes of every chunk, in order with opens and ends, whatever the byte values', async () => {
    const t = blobWorld('structured_clone');
    await settle();
    const pieces = [
      big(enc.encode('data: {"delta":"héllo"}\n\n')),
      big(new Uint8Array([0xff, 0x00, 0xfe])),
      enc.encode('data: ✓').slice(0, 8),
      big(enc.encode('tail')),
    ];
    t.port.send(open('a'));
    t.port.send(raw('a', 1, pieces[0] as Uint8Array));
    t.port.send(open('b'));
    t.port.send(raw('b', 1, pieces[1] as Uint8Array));
    t.port.send(raw('a', 2, pieces[2] as Uint8Array));
    t.port.send(end('b', 2)); // sent after the chunks gathered so far, which go first
    t.port.send(raw('a', 3, pieces[3] as Uint8Array));
    await settle();
    expect(summary(t.panel.got).slice(-3)).not.toContain('a#3'); // waits for its deadline
    t.fire();
    await settle();
    const live = summary(t.panel.got).slice(summary(t.panel.got).indexOf('buffer-state') + 1);
    expect(live).toEqual(['stream-open', 'a#1', 'stream-open', 'b#1', 'a#2', 'end b', 'a#3']);
    expect(
      t.wire.filter((k) => k === 'stream-open' || k === 'chunk-blob' || k === 'stream-end' || k === 'stream-chunk'),
    ).toEqual([
      'stream-open',
      'chunk-blob', // a1: anything else the relay sends goes after what is gathered
      'stream-open',
      'chunk-blob', // b1, a2
      'stream-end',
      'chunk-blob', // a3, at its deadline
    ]);
    const bytes = t.panel.got.flatMap((m) => (m.kind === 'stream-chunk' ? [[...(chunkBytes(m) ?? [])]] : []));
    expect(bytes).toEqual([
      [...(pieces[0] as Uint8Array)],
      [...(pieces[1] as Uint8Array)],
      [...(pieces[2] as Uint8Array)],
      [...(pieces[3] as Uint8Array)],
    ]);
  });

  it('tiny streams: a small batch crosses as one text message per chunk, no Blob, in order', async () => {
    const t = blobWorld('structured_clone');
    await settle();
    for (const id of ['a', 'b']) {
      t.port.send(open(id));
      t.port.send(raw(id, 1, enc.encode(`data: {"id":"${id}é"}\n\n`)));
      t.port.send(end(id, 2));
    }
    await settle();
    const kinds = ['stream-open', 'chunk-blob', 'stream-end', 'stream-chunk'];
    expect(t.wire.filter((k) => kinds.includes(k))).toEqual([
      ...['stream-open', 'stream-chunk', 'stream-end'],
      ...['stream-open', 'stream-chunk', 'stream-end'],
    ]);
    const texts = t.panel.got.flatMap((m) =>
      m.kind === 'stream-chunk' ? [new TextDecoder().decode(chunkBytes(m))] : [],
    );
    expect(texts).toEqual(['data: {"id":"aé"}\n\n', 'data: {"id":"bé"}\n\n']);
  });

  it('a replay sends the buffered chunks as Blobs too, and the live flow continues after it in order', async () => {
    const timers: (() => void)[] = [];
    const w = world({ serialization: 'structured_clone', later: (fn) => void timers.push(fn) });
    const { port } = w.startTabRelay(3);
    await settle();
    port.send(open('s'));
    for (let i = 1; i <= 3; i++) port.send(raw('s', i, enc.encode(`data: ${i}\n\n`)));
    const p = w.panel(3);
    await settle();
    port.send(raw('s', 4, enc.encode('data: 4\n\n')));
    timers.splice(0).forEach((fn) => fn());
    await settle();
    expect(summary(p.got)).toEqual([
      'replay-start',
      'navigated',
      'stream-open',
      's#1',
      's#2',
      's#3',
      'replay-end',
      'buffer-state',
      's#4',
    ]);
  });

  it('with JSON ports the probe does not arrive whole: chunks go as text, one message each', async () => {
    const t = blobWorld('json');
    await settle();
    t.port.send(open('a'));
    t.port.send(raw('a', 1, enc.encode('data: 1\n\n')));
    await tick();
    const c = t.panel.got.find((m) => m.kind === 'stream-chunk');
    expect(c && 'text' in c ? c.text : undefined).toBe('data: 1\n\n');
    expect(t.wire).not.toContain('chunk-blob');
  });
});
