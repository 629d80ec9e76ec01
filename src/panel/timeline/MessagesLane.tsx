import type { RunModel } from '../../core/model/types.js';
import type { TimeScale } from '../derive/scale.js';
import type { LaneAxis } from '../derive/lane-axis.js';

/** Text and reasoning messages of a run as thin bars on one lane. */
export function MessagesLane({
  run,
  scale,
  axis,
  now,
}: {
  readonly run: RunModel;
  readonly scale: TimeScale;
  readonly axis: LaneAxis;
  readonly now: number;
}) {
  const bars = [];
  // Only messages whose span intersects the view are drawn; a run has few messages
  // compared with events, so the scan is bounded by the run, not the session.
  for (let i = 0; i < run.messages.length; i++) {
    const m = run.messages[i];
    if (!m) continue;
    const from = axis.at(run.streamId, m.startEvent, m.startT);
    const to =
      m.endEvent !== undefined && m.endT !== undefined
        ? axis.at(run.streamId, m.endEvent + (axis.mode === 'sequence' ? 1 : 0), m.endT)
        : axis.openEnd(run.streamId, now);
    const box = scale.span(from, to);
    if (box)
      bars.push(
        <span
          key={i}
          class="bar text"
          style={{ left: `${box.left}px`, width: `${box.width}px` }}
          title={`${m.role} ${m.kind} ${m.messageId}`}
        />,
      );
  }
  return (
    <>
      <span class="tl-label dim">{`messages (${run.messages.length})`}</span>
      <span class="tl-track">{bars}</span>
    </>
  );
}
