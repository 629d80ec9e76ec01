import { describe, expect, it } from 'vitest';
import { envelope, LIMITS, type RelayMessage } from './messages.js';
import { createMemoryPortPair, createMemoryTransport } from './memory-transport.js';
import { createPortTransport } from './port-transport.js';
import { createSeqDeduper } from './seq-deduper.js';
import { attachFromDevtools, createBufferedTransport, offerTransport } from './devtools-handoff.js';
import { bytesToBase64 } from './base64.js';
import { decodeBase64, encodeBase64 } from '../core/io/base64.js';
import { isRelayMessage, isTapWireMessage } from './guards.js';
import type { PortLike } from './transport.js';
import { tick } from '../../test/tick.test-helper.js';

const chunk = (seq: number): RelayMessage => ({
  kind: 'stream-chunk',
  streamId: 's',
  seq,
  t: 1,
  base64: btoa(`c${seq}`),
});

function manualTimers() {
  const pending: { fn: () => void; ms: number }[] = [];
  return {
    pending,
    setTimer: (fn: () => void, ms: number) => pending.push({ fn, ms }),
    clearTimer: () => undefined,
    fire: () => pending.splice(0).forEach((p) => p.fn()),
  };
}

describe('port transport', () => {
  it('reconnects with backoff after the worker dies, says hello once per connection, passes everything valid on', async () => {
    const timers = manualTimers();
    const workerEnds: PortLike[] = [];
    const names: string[] = [];
    const hellos: unknown[] = [];
    const t = createPortTransport(
      (name) => {
        names.push(name);
        const { a, b } = createMemoryPortPair(name);
        b.onMessage.addListener((m) => hellos.push(m));
        workerEnds.push(b);
        return a;
      },
      42,
      { ...timers, panelId: 'p' },
    );
    const states: boolean[] = [];
    t.onConnection((c) => states.push(c));
    const got: RelayMessage[] = [];
    t.subscribe((m) => got.push(m));
    t.send({ kind: 'hello', panelId: 'forged' }); // only the transport says hello
    workerEnds[0]?.postMessage(envelope(chunk(1)));
    await tick();
    workerEnds[0]?.disconnect(); // the service worker was killed
    await tick();
    expect(states).toEqual([true, false]);
    expect(timers.pending.map((p) => p.ms)).toEqual([100]);
    timers.fire();
    expect(states).toEqual([true, false, true]);
    expect(names).toEqual(['agui-panel:42', 'agui-panel:42']);
    await tick();
    expect(hellos).toEqual([envelope({ kind: 'hello', panelId: 'p' }), envelope({ kind: 'hello', panelId: 'p' })]);
    workerEnds[1]?.postMessage(envelope(chunk(1))); // replayed
    workerEnds[1]?.postMessage(envelope(chunk(2)));
    workerEnds[1]?.postMessage({
      source: 'agui-inspector',
      v: 1,
      msg: { kind: 'stream-chunk', streamId: 's', seq: 3, t: 1, base64: '<script>' },
    });
    await tick();
    // The replayed chunk 1 comes through: the capture store is the one de-duplicator.
    expect(got.map((m) => m.kind === 'stream-chunk' && m.seq)).toEqual([1, 1, 2]);
  });

  it('hands ChunkBlobs on unread when asked to (the DevTools page keeps them as Blobs)', async () => {
    const ends: PortLike[] = [];
    const t = createPortTransport(
      (name) => {
        const { a, b } = createMemoryPortPair(name, undefined, 'structured_clone');
        ends.push(b);
        return a;
      },
      5,
      { expandBlobs: false },
    );
    const got: RelayMessage[] = [];
    t.subscribe((m) => got.push(m));
    const blob = new Blob(['xy']);
    ends[0]?.postMessage(envelope({ kind: 'chunk-blob', blob, parts: [{ streamId: 's', seq: 1, t: 1, size: 2 }] }));
    await tick();
    expect(got).toEqual([{ kind: 'chunk-blob', blob, parts: [{ streamId: 's', seq: 1, t: 1, size: 2 }] }]);
  });

  it('a quiet transport (DevTools page, panel not shown) says hello only once activated, then per connection', async () => {
    const hellos: unknown[] = [];
    const ends: PortLike[] = [];
    const timers = manualTimers();
    const t = createPortTransport(
      (name) => {
        const { a, b } = createMemoryPortPair(name);
        b.onMessage.addListener((m) => hellos.push(m));
        ends.push(b);
        return a;
      },
      5,
      { ...timers, panelId: 'dt', active: false },
    );
    await tick();
    expect(hellos).toEqual([]);
    t.activate();
    t.activate();
    await tick();
    expect(hellos).toEqual([envelope({ kind: 'hello', panelId: 'dt' })]);
    ends[0]?.disconnect();
    await tick();
    timers.fire();
    await tick();
    expect(hellos).toHaveLength(2);
  });

  it('backs off exponentially while connect throws, up to the cap', () => {
    const timers = manualTimers();
    createPortTransport(
      () => {
        throw new Error('Extension context invalidated');
      },
      1,
      { ...timers, maxDelayMs: 300 },
    );
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      delays.push(...timers.pending.map((p) => p.ms));
      timers.fire();
    }
    expect(delays).toEqual([100, 200, 300, 300]);
  });
});

describe('seq deduper', () => {
  it('accepts each stream message once and older seqs never', () => {
    const d = createSeqDeduper();
    expect([1, 2, 2, 1, 3].map((s) => d.accept(chunk(s)))).toEqual([true, true, false, false, true]);
    const nav: RelayMessage = { kind: 'navigated', docId: 'd', url: 'u', t: 1, top: true };
    expect([d.accept(nav), d.accept(nav)]).toEqual([true, false]);
    expect([d.accept({ kind: 'replay-end' }), d.accept({ kind: 'replay-end' })]).toEqual([true, true]);
  });
});

describe('devtools hand-off', () => {
  it('keeps what arrives before the panel subscribes in a ring by bytes, counts what it drops, then goes live', async () => {
    const inner = createMemoryTransport();
    // Each chunk(n) is estimated at 96 + 4 base64 characters = 100 bytes: room for two.
    const t = createBufferedTransport(inner, { maxBytes: 250 });
    for (let i = 1; i <= 5; i++) inner.deliver(chunk(i));
    const got: RelayMessage[] = [];
    t.subscribe((m) => got.push(m));
    await tick();
    inner.deliver(chunk(6));
    expect(got[0]).toEqual({ kind: 'handoff-dropped', messages: 3, bytes: 300 });
    expect(got.slice(1).map((m) => m.kind === 'stream-chunk' && m.seq)).toEqual([4, 5, 6]);
  });

  it('keeps again once the last listener leaves, and reports only the drops since the last hand-over', async () => {
    const inner = createMemoryTransport();
    const t = createBufferedTransport(inner, { maxBytes: 250 }); // two 100-byte chunks, as above
    for (let i = 1; i <= 5; i++) inner.deliver(chunk(i));
    const off = t.subscribe(() => undefined);
    await tick();
    off();
    for (let i = 6; i <= 8; i++) inner.deliver(chunk(i));
    const got: RelayMessage[] = [];
    t.subscribe((m) => got.push(m));
    await tick();
    expect(got[0]).toEqual({ kind: 'handoff-dropped', messages: 1, bytes: 100 });
    expect(got.slice(1).map((m) => m.kind === 'stream-chunk' && m.seq)).toEqual([7, 8]);
  });

  it('keeps ChunkBlobs unread until the panel subscribes, then hands on their chunks in order', async () => {
    const inner = createMemoryTransport();
    const reads: Blob[] = [];
    const t = createBufferedTransport(inner, {
      readBlob: (b) => (reads.push(b), b.arrayBuffer()),
    });
    const blob = new Blob([new TextEncoder().encode('abcdef')]);
    inner.deliver(chunk(0));
    inner.deliver({
      kind: 'chunk-blob',
      blob,
      parts: [
        { streamId: 's', seq: 1, t: 2, size: 2 },
        { streamId: 's', seq: 2, t: 3, size: 4 },
      ],
    });
    inner.deliver({ kind: 'stream-end', streamId: 's', seq: 3, t: 4, reason: 'complete' });
    await tick();
    expect(reads).toEqual([]); // nothing read while DevTools shows another panel
    const got: RelayMessage[] = [];
    t.subscribe((m) => got.push(m));
    await expect
      .poll(() =>
        got.map((m) => (m.kind === 'stream-chunk' && 'bytes' in m ? new TextDecoder().decode(m.bytes) : m.kind)),
      )
      .toEqual(['stream-chunk', 'ab', 'cdef', 'stream-end']);
    expect(reads).toEqual([blob]);
  });

  it('reports no loss when nothing was dropped, and gives the backlog to every listener subscribed at once', async () => {
    const inner = createMemoryTransport();
    const t = createBufferedTransport(inner, { maxBytes: 10_000 });
    inner.deliver(chunk(1));
    const first: RelayMessage[] = [];
    const second: RelayMessage[] = [];
    t.subscribe((m) => first.push(m));
    t.subscribe((m) => second.push(m)); // the panel store subscribes capture and replay in turn
    await tick();
    inner.deliver(chunk(2));
    expect(first.map((m) => m.kind === 'stream-chunk' && m.seq)).toEqual([1, 2]);
    expect(second).toEqual(first);
  });

  it('works whichever side comes first', async () => {
    const transport = createMemoryTransport();
    const early = { location: { search: '' } } as unknown as Window;
    offerTransport(early, transport);
    await expect(
      attachFromDevtools(early, {
        devtoolsTabId: 3,
        connect: () => {
          throw new Error('unused');
        },
      }),
    ).resolves.toEqual({ transport, tabId: 3 });
    const late = { location: { search: '' } } as unknown as Window;
    const p = attachFromDevtools(late, {
      devtoolsTabId: 4,
      connect: () => {
        throw new Error('unused');
      },
    });
    offerTransport(late, transport);
    await expect(p).resolves.toEqual({ transport, tabId: 4 });
  });

  it('a pop-out tab connects to ?tabId=N itself', async () => {
    const names: string[] = [];
    const win = { location: { search: '?tabId=12' } } as unknown as Window;
    const { tabId } = await attachFromDevtools(win, { connect: (n) => (names.push(n), createMemoryPortPair(n).a) });
    expect([tabId, names]).toEqual([12, ['agui-panel:12']]);
  });
});

describe('base64 and guards', () => {
  it('round-trips every byte value', () => {
    const all = Uint8Array.from({ length: 256 * 8 }, (_, i) => i % 256);
    expect(decodeBase64(bytesToBase64(all))).toEqual(all);
    // One format: the relay's native encoder writes what the core's encoder writes.
    for (const n of [0, 1, 2, 3, 100, all.length])
      expect(bytesToBase64(all.subarray(0, n))).toBe(encodeBase64(all.subarray(0, n)));
  });
  it('rejects malformed relay messages', () => {
    expect(isRelayMessage(chunk(1))).toBe(true);
    expect(isRelayMessage({ ...chunk(1), seq: -1 })).toBe(false);
    expect(isRelayMessage({ kind: 'stream-end', streamId: 's', seq: 1, t: 1, reason: 'exploded' })).toBe(false);
    expect(isRelayMessage({ kind: 'buffer-state', buffered: 1, dropped: 0 })).toBe(false);
    expect(isRelayMessage({ ...chunk(1), streamId: 'a b<script>' })).toBe(false);
    expect(isRelayMessage({ ...chunk(1), streamId: 'x'.repeat(129) })).toBe(false);
    expect(isRelayMessage({ kind: 'stream-end', streamId: 's', seq: 1, t: 1, reason: 'navigated' })).toBe(true);
    expect(isRelayMessage({ kind: 'tab-closed', t: Number.NaN })).toBe(false);
  });
  it("bounds a ChunkBlob by who sends it: the tap's batch size from the tap, the relay's gathering of them to the panel", () => {
    const blobOf = (mb: number) => {
      const size = mb * 1024 * 1024;
      const part = LIMITS.chunkBytes;
      const parts = Array.from({ length: Math.ceil(size / part) }, (_, i) => ({
        streamId: 's',
        seq: i + 1,
        t: 1,
        size: Math.min(part, size - i * part),
      }));
      // The guards know a Blob by its tag and size: no need to allocate the megabytes.
      return { kind: 'chunk-blob', blob: { [Symbol.toStringTag]: 'Blob', size }, parts };
    };
    expect(isTapWireMessage(blobOf(2))).toBe(true);
    expect(isTapWireMessage(blobOf(16))).toBe(false); // a tap Blob that size: refused
    expect(isRelayMessage(blobOf(16))).toBe(true); // the relay's gathered Blobs
    expect(isRelayMessage(blobOf(LIMITS.relayBlobBytes / (1024 * 1024)))).toBe(true); // a stream's whole capture
    expect(isRelayMessage(blobOf((2 * LIMITS.relayBlobBytes) / (1024 * 1024)))).toBe(false);
  });
});
