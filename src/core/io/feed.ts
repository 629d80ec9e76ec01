// Replays loaded captures into an Inspector as the tap would have delivered them: the
// streams' opens, pieces and ends merged by time, so concurrent streams interleave as
// they did live (and a re-imported session yields its findings in the same order).
import type { Inspector } from '../inspector.js';
import type { Capture } from './types.js';

type Step = { readonly t: number; readonly apply: (inspector: Inspector) => void };

function steps(capture: Capture): Step[] {
  const id = capture.open.streamId;
  const out: Step[] = [{ t: capture.open.startedAt, apply: (i) => i.openStream(capture.open) }];
  for (const piece of capture.pieces) {
    switch (piece.kind) {
      case 'bytes':
        out.push({ t: piece.t, apply: (i) => i.appendBytes(id, piece.data, piece.t) });
        break;
      case 'message':
        out.push({ t: piece.t, apply: (i) => i.appendMessage(id, piece.message, piece.t) });
        break;
      case 'event':
        out.push({ t: piece.t, apply: (i) => i.appendEvent(id, piece.event, piece.t) });
        break;
    }
  }
  const end = capture.end;
  if (end !== undefined) out.push({ t: end.t, apply: (i) => i.endStream(id, end) });
  return out;
}

export function feedCaptures(inspector: Inspector, captures: readonly Capture[]): void {
  const queues = captures.map(steps);
  const next = queues.map(() => 0);
  let lastT = -Infinity;
  // A k-way merge: each stream keeps its own order even if its clock went backwards;
  // across streams the earliest next step goes first, ties to the earlier capture.
  for (;;) {
    let pick = -1;
    let best = Infinity;
    for (let q = 0; q < queues.length; q++) {
      const step = queues[q]![next[q]!];
      if (step !== undefined && (pick < 0 || step.t < best)) {
        pick = q;
        best = step.t;
      }
    }
    if (pick < 0) break;
    lastT = Math.max(lastT, best);
    queues[pick]![next[pick]!++]!.apply(inspector);
  }
  // The capture's own end is its "now": a body still open after its terminal event, or a
  // silent open run, is judged as the panel judged it when the capture stopped.
  if (captures.some((c) => c.end === undefined) && Number.isFinite(lastT)) inspector.tick(lastT);
}
