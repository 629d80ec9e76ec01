import { describe, expect, it } from 'vitest';
import type { RunModel, StreamModel } from '../../core/model/types.js';
import type { RawEvent } from '../../core/events/types.js';
import { createStateHistory, patchOps } from './state-history.js';

function fixture(payloads: readonly Record<string, unknown>[]): {
  run: RunModel;
  stream: StreamModel;
  reads: () => number;
} {
  let reads = 0;
  const raw = payloads.map(
    (p, index) => ({ index, streamId: 's', t: index, type: String(p.type), payload: p }) as unknown as RawEvent,
  );
  const stream = { rawEvents: { length: raw.length, at: (i: number) => (reads++, raw[i]) } } as unknown as StreamModel;
  const run = { key: 's#0', firstEvent: 0, lastEvent: raw.length - 1, startedAt: 0 } as unknown as RunModel;
  return { run, stream, reads: () => reads };
}

describe('state history', () => {
  it('reads each event once, however often the steps are asked for', () => {
    const f = fixture([
      { type: 'STATE_SNAPSHOT', snapshot: { a: 1 } },
      { type: 'TEXT_MESSAGE_START' },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/a', value: 2 }] },
    ]);
    const h = createStateHistory(f.run, f.stream);
    expect(h.steps().map((s) => s.kind)).toEqual(['snapshot', 'delta']);
    h.steps();
    expect(f.reads()).toBe(3);
    expect(h.stateAt(1)).toEqual({ state: { a: 2 } });
    expect(h.stateAt(0)).toEqual({ state: { a: 1 } });
  });

  it('replays long delta chains to the asked step and keeps the state after a failing or malformed patch', () => {
    const deltas = Array.from({ length: 100 }, (_, i) => ({
      type: 'STATE_DELTA',
      delta: [{ op: 'add', path: `/k${i}`, value: i }],
    }));
    const f = fixture([
      { type: 'STATE_SNAPSHOT', snapshot: {} },
      ...deltas,
      { type: 'STATE_DELTA', delta: [{ op: 'test', path: '/k0', value: 5 }] },
      { type: 'STATE_DELTA', delta: 'nope' },
    ]);
    const h = createStateHistory(f.run, f.stream);
    expect(h.steps()).toHaveLength(103);
    expect(Object.keys(h.stateAt(70)?.state as object)).toHaveLength(70);
    const failed = h.stateAt(101);
    expect(failed?.error).toBeDefined();
    expect(Object.keys(failed?.state as object)).toHaveLength(100);
    expect(h.stateAt(102)?.error).toBe('delta is not a JSON Patch array');
  });

  it('refuses prototype pollution from page data', () => {
    const f = fixture([
      { type: 'STATE_SNAPSHOT', snapshot: {} },
      { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/__proto__/polluted', value: 1 }] },
    ]);
    const h = createStateHistory(f.run, f.stream);
    h.steps();
    expect(h.stateAt(1)?.error).toBeDefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lists operations as sent, tolerating junk', () => {
    expect(patchOps([{ op: 'move', from: '/a', path: '/b' }, 3])).toEqual([
      { op: 'move', path: '/b', from: '/a', hasValue: false },
      { op: '(no op)', path: '(no path)', hasValue: false },
    ]);
    expect(patchOps({})).toEqual([]);
  });
});
