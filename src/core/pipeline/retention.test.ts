// `retain: 'findings'` keeps less and must judge the same: every fixture and every demo
// scenario recording (as the snapshot net enumerates them), read whole and streamed, gives
// the same findings (rules, order, text, events, ids, times), runs and notes in both modes,
// and the event starts it keeps are the events' own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_ROOT, fixtureFiles } from './fixture-files.test-helper.js';
import { inspectBytes, type Inspected } from '../io/inspect-bytes.js';
import { chunksOf } from '../io/stream/chunks.js';
import { inspectStream } from '../io/stream/inspect-stream.js';
import type { SessionModel } from '../model/types.js';

const ROOT = FIXTURE_ROOT;

const runsOf = (m: SessionModel) =>
  m.runs.map((r) => [r.key, r.streamId, r.threadId, r.runId, r.status, r.implicit === true, r.firstEvent, r.lastEvent]);

function verdict(r: Inspected | 'whole') {
  if (r === 'whole') return 'whole';
  if (!r.ok) return { error: r.error };
  return {
    findings: JSON.stringify(r.model.findings),
    counts: r.model.counts,
    runs: runsOf(r.model),
    events: r.model.streams.map((s) => [s.info.streamId, s.rawEvents.length, s.expanded.length]),
    notes: r.notes,
  };
}

/** Deltas, argument and message text and result contents the runs hold. */
function heldByRuns(m: SessionModel): number {
  let held = 0;
  for (const run of m.runs) {
    held += run.messages.length;
    for (const call of run.toolCalls)
      held += call.deltas.length + call.args.length + call.results.filter((x) => x.content !== undefined).length;
  }
  return held;
}

describe("retain: 'findings' judges every recording as the full model does", () => {
  for (const file of fixtureFiles()) {
    it(file, async () => {
      const bytes = new Uint8Array(readFileSync(join(ROOT, file)));
      const full = inspectBytes(file, bytes);
      const lean = inspectBytes(file, bytes, { retain: 'findings' });
      expect(verdict(lean)).toEqual(verdict(full));
      for (const piece of [7, 4096]) {
        const open = chunksOf(bytes, piece);
        const streamed = verdict(await inspectStream(file, open, { retain: 'findings' }));
        expect(streamed).toEqual(verdict(await inspectStream(file, open)));
      }
      if (!full.ok || !lean.ok) return;
      // The starts kept are where the full model's events begin.
      full.model.streams.forEach((s, i) => {
        const starts = lean.model.streams[i]?.eventStarts;
        expect(starts?.length).toBe(s.rawEvents.length);
        for (let e = 0; e < s.rawEvents.length; e++) expect(starts?.at(e)).toBe(s.rawEvents.at(e)?.span.start);
      });
      // Nothing is read back in the lean model, and the runs of ended streams were compacted.
      for (const s of lean.model.streams) expect(s.rawEvents.at(0)).toBeUndefined();
      expect(heldByRuns(lean.model)).toBe(0);
    });
  }

  it('compacts: a long session keeps per-event data only in full mode', () => {
    const file = 'demo/long-session.sse';
    const bytes = new Uint8Array(readFileSync(join(ROOT, file)));
    const full = inspectBytes(file, bytes);
    const lean = inspectBytes(file, bytes, { retain: 'findings' });
    if (!full.ok || !lean.ok) throw new Error('expected both to load');
    expect(heldByRuns(full.model)).toBeGreaterThan(1000);
    expect(heldByRuns(lean.model)).toBe(0);
    expect(lean.model.streams[0]?.rawEvents.length).toBe(full.model.streams[0]?.rawEvents.length);
  });
});
