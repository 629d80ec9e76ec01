import { describe, expect, it } from 'vitest';
import { createRelayBuffer, estimateBytes, type Buffered } from './relay-buffer.js';

const msg = (seq: number, size = 10): Buffered => ({
  kind: 'stream-chunk',
  streamId: 's',
  seq,
  t: 1,
  bytes: new Uint8Array(size),
});

describe('relay buffer', () => {
  it('evicts the oldest by bytes and counts as lost only what no panel received', () => {
    const one = estimateBytes(msg(0));
    const b = createRelayBuffer(1_000, one * 3);
    for (let i = 1; i <= 4; i++) b.push(msg(i), true); // delivered live
    for (let i = 5; i <= 6; i++) b.push(msg(i), false); // no panel
    expect(b.size).toBe(3);
    expect(b.lost).toBe(0); // 1..3 went, but every one of them had been delivered
    b.push(msg(7), false);
    b.push(msg(8), false);
    expect(b.items().map((m) => m.kind === 'stream-chunk' && m.seq)).toEqual([6, 7, 8]);
    expect([b.lost, b.lostBytes]).toEqual([1, one]); // 4 was delivered, 5 was not
  });

  it('a replay marks everything delivered: later eviction is no loss', () => {
    const b = createRelayBuffer(2, 1e9);
    b.push(msg(1), false);
    b.push(msg(2), false);
    b.markDelivered();
    b.push(msg(3), true);
    b.push(msg(4), true);
    expect([b.size, b.lost]).toEqual([2, 0]);
  });

  it('applies a lowered or raised byte cap at once, and keeps the newest entry however big', () => {
    const b = createRelayBuffer(1_000, 1e9);
    for (let i = 1; i <= 10; i++) b.push(msg(i, 1_000), false);
    b.setMaxBytes(estimateBytes(msg(0, 1_000)) * 2);
    expect([b.size, b.lost]).toEqual([2, 8]);
    b.push(msg(11, 100_000), false);
    expect(b.size).toBe(1);
    expect(b.bytes).toBe(estimateBytes(msg(0, 100_000)));
  });

  it('keeps O(1) pushes over many evictions (compaction keeps the order)', () => {
    const b = createRelayBuffer(100, 1e9);
    for (let i = 0; i < 50_000; i++) b.push(msg(i), true);
    const seqs = b.items().map((m) => (m.kind === 'stream-chunk' ? m.seq : -1));
    expect(seqs).toEqual(Array.from({ length: 100 }, (_, i) => 49_900 + i));
  });

  it('clear empties it and resets the loss counter', () => {
    const b = createRelayBuffer(1, 1e9);
    b.push(msg(1), false);
    b.push(msg(2), false);
    b.clear();
    expect([b.size, b.bytes, b.lost, b.lostBytes]).toEqual([0, 0, 0, 0]);
  });
});
