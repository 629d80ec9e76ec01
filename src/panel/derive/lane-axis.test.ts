import { describe, expect, it } from 'vitest';
import { createPanelCore } from '../core-deps.js';
import type { Capture } from '../../core/io/types.js';
import type { SessionModel } from '../../core/model/types.js';
import { sseFrame, sampleRunEvents } from '../test-kit.js';
import {
  createLaneAxis,
  fileHasEventTiming,
  hasEventTiming,
  LIVE_MS_PER_UNIT,
  mixesLiveWithFile,
  resolveAxisMode,
} from './lane-axis.js';
import { sessionBounds } from './session-bounds.js';
import { runSpan, shownExtent } from './lane-extent.js';

const enc = new TextEncoder();

/** One stream per entry; `spread` ms between its events (0 = one piece, as a HAR holds it). */
function model(
  streams: { id: string; at: number; spread: number; events: unknown[]; transport?: 'fetch' }[],
): SessionModel {
  const core = createPanelCore();
  const captures: Capture[] = streams.map((s) => ({
    open: {
      streamId: s.id,
      transport: s.transport ?? 'import',
      encoding: 'sse',
      url: 'http://x/agent',
      method: 'POST',
      requestHeaders: {},
      status: 200,
      contentType: 'text/event-stream',
      startedAt: s.at,
    },
    pieces:
      s.spread === 0
        ? [{ t: s.at, kind: 'bytes', data: enc.encode(s.events.map(sseFrame).join('')) }]
        : s.events.map((e, i) => ({ t: s.at + (i + 1) * s.spread, kind: 'bytes', data: enc.encode(sseFrame(e)) })),
    end: { reason: 'complete', t: s.at + (s.events.length + 1) * s.spread },
  }));
  const inspector = core.createInspector();
  core.feedCaptures(inspector, captures);
  return inspector.model;
}

const N = sampleRunEvents().length;

describe('axis mode', () => {
  it('is time when events carry time, sequence when every stream is one instant', () => {
    const timed = model([{ id: 'a', at: 1000, spread: 10, events: sampleRunEvents() }]);
    const har = model([
      { id: 'a', at: 1000, spread: 0, events: sampleRunEvents('r1') },
      { id: 'b', at: 5000, spread: 0, events: sampleRunEvents('r2') },
    ]);
    expect(hasEventTiming(timed)).toBe(true);
    expect(hasEventTiming(har)).toBe(false);
    expect(resolveAxisMode('auto', false)).toBe('sequence');
    expect(resolveAxisMode('auto', true)).toBe('time');
    expect(resolveAxisMode('time', false)).toBe('time');
  });
});

describe('sequence axis', () => {
  const m = model([
    { id: 'b', at: 5000, spread: 0, events: sampleRunEvents('r2') },
    { id: 'a', at: 1000, spread: 0, events: sampleRunEvents('r1') },
  ]);
  const axis = createLaneAxis(m, 'sequence', 1000, 5000, [{ id: 'gap', startedAt: 3000 }]);

  it('lays streams out in request order, each as wide as its events, a placeholder one slot', () => {
    // a (N events) · gap · placeholder (1) · gap · b
    expect(axis.at('a', 0, 0)).toBe(0);
    expect(axis.at('gap', 0, 0)).toBe(N + 1);
    expect(axis.at('b', 0, 0)).toBe(N + 3);
    expect(axis.end).toBe(2 * N + 3);
  });

  it('gives a run of a single-instant stream a width of its event count, not 0', () => {
    const r1 = m.runs.find((r) => r.runId === 'r1');
    if (!r1) throw new Error('no run');
    const s = runSpan(axis, r1, 0);
    expect(s.to - s.from).toBe(r1.lastEvent - r1.firstEvent + 1);
    const time = createLaneAxis(m, 'time', 1000, 5000);
    const t = runSpan(time, r1, 0);
    expect(t.to - t.from).toBe(0);
  });

  it('fits only the runs shown', () => {
    const r2 = m.runs.find((r) => r.runId === 'r2');
    if (!r2) throw new Error('no run');
    expect(shownExtent(axis, [r2], [], 0)).toEqual({ from: N + 3, to: 2 * N + 3 });
    expect(shownExtent(axis, [], [], 0)).toBeUndefined();
  });
});

describe('time axis', () => {
  it('measures from the session start; an extent covers only the runs given', () => {
    const m = model([
      { id: 'a', at: 1000, spread: 10, events: sampleRunEvents('r1') },
      { id: 'b', at: 61_000, spread: 20, events: sampleRunEvents('r2') },
    ]);
    const axis = createLaneAxis(m, 'time', 1000, 62_000);
    const r2 = m.runs.find((r) => r.runId === 'r2');
    if (!r2) throw new Error('no run');
    const ext = shownExtent(axis, [r2], [], 62_000);
    expect(ext?.from).toBe(r2.startedAt - 1000);
    expect(ext?.from).toBeGreaterThanOrEqual(60_000);
    expect((ext?.to ?? 0) - (ext?.from ?? 0)).toBeLessThan(1000);
  });
});

describe('a HAR beside live runs (mixed)', () => {
  // The customer's HAR was recorded a week before the live and replayed runs.
  const WEEK = 7 * 24 * 3600 * 1000;
  const m = model([
    { id: 'har', at: 1000, spread: 0, events: sampleRunEvents('r-file') },
    { id: 'live', at: 1000 + WEEK, spread: 10, events: sampleRunEvents('r-live'), transport: 'fetch' },
    { id: 'replayed', at: 1000 + WEEK + 5000, spread: 20, events: sampleRunEvents('r-rep'), transport: 'fetch' },
  ]);
  const bounds = sessionBounds(m);
  const run = (id: string) => {
    const r = m.runs.find((x) => x.runId === id);
    if (!r) throw new Error('no run');
    return r;
  };

  it('chooses the sequence axis automatically, as for the file alone', () => {
    expect(mixesLiveWithFile(m)).toBe(true);
    expect(hasEventTiming(m)).toBe(true);
    expect(fileHasEventTiming(m)).toBe(false);
    expect(resolveAxisMode('auto', fileHasEventTiming(m))).toBe('sequence');
  });

  it('keeps the file in event order and times live runs from the first live start, not from the file', () => {
    const axis = createLaneAxis(m, 'sequence', bounds.t0, bounds.end);
    expect(axis.timed('har')).toBe(false);
    expect(axis.timed('live')).toBe(true);
    const file = runSpan(axis, run('r-file'), bounds.end);
    expect(file).toEqual({ from: 0, to: N });
    // The live part starts a slot after the file; 1 unit = LIVE_MS_PER_UNIT ms from there.
    expect(axis.live?.at).toBe(N + 1);
    const live = run('r-live');
    const rep = run('r-rep');
    expect(runSpan(axis, live, bounds.end).from).toBeCloseTo(
      N + 1 + (live.startedAt - (1000 + WEEK)) / LIVE_MS_PER_UNIT,
    );
    const repSpan = runSpan(axis, rep, bounds.end);
    expect(repSpan.to - repSpan.from).toBeCloseTo(((rep.endedAt ?? 0) - rep.startedAt) / LIVE_MS_PER_UNIT);
    // The whole axis is the file's events plus the live seconds, not the week between them.
    expect(axis.end).toBeCloseTo(N + 1 + (bounds.end - (1000 + WEEK)) / LIVE_MS_PER_UNIT);
    expect(axis.end).toBeLessThan(WEEK / 1000 / LIVE_MS_PER_UNIT);
  });

  it('a session of one kind has no live part', () => {
    const only = model([{ id: 'har', at: 1000, spread: 0, events: sampleRunEvents('r-file') }]);
    expect(mixesLiveWithFile(only)).toBe(false);
    expect(createLaneAxis(only, 'sequence', 1000, 1000).live).toBeUndefined();
  });
});
