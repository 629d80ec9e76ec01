// The session cap counts what the panel retains (wire bytes and the decoded text kept beside
// them), so a session whose wire bytes alone are under the cap is still evicted down to it:
// whole oldest runs, never a stream still receiving, and capture health says how many.
import { describe, expect, it } from 'vitest';
import type { RelayMessage } from '../../bridge/messages.js';
import { createPanelCore } from '../core-deps.js';
import { sseFrame } from '../test-kit.js';
import { createCaptureStore } from './capture-store.js';
import { formatBytes, lossLines } from './health.js';
import { createManualScheduler } from './scheduler.js';

const T0 = 1_764_700_000_000;
const DELTA = 'y'.repeat(8_000);

/** A run with one message of `deltas` text deltas, sent as text chunks (as the relay does). */
function stream(id: string, t0: number, deltas: number, end: boolean, delta = DELTA): RelayMessage[] {
  const frames = [
    sseFrame({ type: 'RUN_STARTED', threadId: 't', runId: id }),
    sseFrame({ type: 'TEXT_MESSAGE_START', messageId: `m-${id}`, role: 'assistant' }),
    ...Array.from({ length: deltas }, () => sseFrame({ type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${id}`, delta })),
    ...(end
      ? [
          sseFrame({ type: 'TEXT_MESSAGE_END', messageId: `m-${id}` }),
          sseFrame({ type: 'RUN_FINISHED', threadId: 't', runId: id }),
        ]
      : []),
  ];
  const out: RelayMessage[] = [
    {
      kind: 'stream-open',
      streamId: id,
      seq: 0,
      t: t0,
      transport: 'fetch',
      encoding: 'sse',
      url: 'http://localhost/agent',
      method: 'POST',
      requestHeaders: {},
      status: 200,
      contentType: 'text/event-stream',
      frameUrl: 'http://localhost/',
    },
    ...frames.map((text, i): RelayMessage => ({ kind: 'stream-chunk', streamId: id, seq: i + 1, t: t0 + i + 1, text })),
  ];
  if (end) out.push({ kind: 'stream-end', streamId: id, seq: frames.length + 1, t: t0 + 999, reason: 'complete' });
  return out;
}

const wireOf = (msgs: readonly RelayMessage[]): number =>
  msgs.reduce((n, m) => n + (m.kind === 'stream-chunk' && 'text' in m ? m.text.length : 0), 0);

function session(capBytes: number, delta = DELTA) {
  const cap = createCaptureStore(createPanelCore(), createManualScheduler(), 'live');
  cap.setSessionCap(capBytes);
  // The oldest stream is still receiving: it must stay whatever its age.
  const live = stream('live', T0, 10, false, delta);
  const ended = Array.from({ length: 8 }, (_, i) => stream(`s${i}`, T0 + 1_000 * (i + 1), 10, true, delta));
  for (const m of [...live, ...ended.flat()]) cap.receive(m);
  cap.flush();
  return { cap, wire: wireOf([...live, ...ended.flat()]) };
}

describe('session cap accounting', () => {
  it('a session whose retained estimate crosses the cap evicts whole oldest runs, never the live one', () => {
    const capBytes = 1_000_000;
    const { cap, wire } = session(capBytes);
    expect(wire).toBeLessThan(capBytes); // wire bytes alone would not have evicted anything
    const h = cap.health.value;
    const model = cap.model.value;
    expect(h.session.stopped).toBe(false);
    expect(h.session.evictedRuns).toBeGreaterThan(0);
    expect(h.session.bytes).toBeLessThanOrEqual(capBytes);
    const ids = model.streams.map((s) => s.info.streamId);
    expect(ids[0]).toBe('live');
    expect(model.streams[0]?.end).toBeUndefined();
    // The newest ended streams stay, each with its whole run and message.
    const kept = ids.slice(1);
    expect(kept).toEqual(Array.from({ length: 8 }, (_, i) => `s${i}`).slice(8 - kept.length));
    expect(8 - kept.length).toBe(h.session.evictedRuns);
    for (const run of model.runs.filter((r) => r.streamId !== 'live')) {
      expect(run.status).toBe('finished');
      expect(run.messages[0]?.text.length).toBe(10 * DELTA.length);
    }
    expect(lossLines(h)).toContain(`${h.session.evictedRuns} older runs evicted: ${formatBytes(capBytes)} session cap`);
  });

  it('the estimate is an upper bound of the wire bytes plus the message text kept', () => {
    const { cap } = session(1_000_000);
    const model = cap.model.value;
    const wire = model.streams.reduce((n, s) => n + s.bytes, 0);
    const text = model.runs.reduce((n, r) => n + r.messages.reduce((k, m) => k + m.text.length, 0), 0);
    expect(cap.health.value.session.bytes).toBeGreaterThanOrEqual(wire + text);
  });

  it('text with a character outside Latin-1 counts two bytes a character, so fewer runs fit', () => {
    const narrow = session(1_000_000).cap.health.value.session;
    const wide = session(1_000_000, `${DELTA.slice(1)}—`).cap.health.value.session;
    expect(wide.evictedRuns).toBeGreaterThan(narrow.evictedRuns);
  });

  it('a cap the live stream alone exceeds stops capture cleanly and says so', () => {
    const { cap } = session(100_000);
    const h = cap.health.value;
    expect(h.session.stopped).toBe(true);
    expect(cap.model.value.streams.find((s) => s.info.streamId === 'live')?.end?.reason).toBe('capture-truncated');
    expect(lossLines(h).join('\n')).toContain(`capture stopped at the ${formatBytes(100_000)} session cap`);
  });
});
