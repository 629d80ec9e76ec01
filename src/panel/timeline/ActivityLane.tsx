import type { ActivityModel, RunModel } from '../../core/model/types.js';
import type { TimeScale } from '../derive/scale.js';
import type { LaneAxis } from '../derive/lane-axis.js';

/** One activity message: each ACTIVITY_SNAPSHOT and ACTIVITY_DELTA as a mark where it arrived. */
export function ActivityLane({
  run,
  activity,
  scale,
  axis,
}: {
  readonly run: RunModel;
  readonly activity: ActivityModel;
  readonly scale: TimeScale;
  readonly axis: LaneAxis;
}) {
  const marks = [];
  for (let i = 0; i < activity.marks.length; i++) {
    const m = activity.marks[i];
    if (!m) continue;
    const from = axis.at(run.streamId, m.event, m.t);
    const to = axis.at(run.streamId, m.event + (axis.mode === 'sequence' ? 1 : 0), m.t);
    const box = scale.span(from, to);
    if (box)
      marks.push(
        <span
          key={i}
          class={`activity-mark ${m.kind}${m.effect === 'failed' ? ' failed' : ''}`}
          style={{ left: `${box.left}px` }}
          title={`${m.kind === 'snapshot' ? 'ACTIVITY_SNAPSHOT' : 'ACTIVITY_DELTA'} #${m.event}${m.effect === 'applied' ? '' : ` · ${m.effect === 'kept' ? 'replace: false, content kept' : 'patch failed'}`}`}
        />,
      );
  }
  return (
    <>
      <span class="tl-label dim" title={`${activity.activityType} ${activity.messageId}`}>
        {`activity ${activity.activityType} (${activity.marks.length})`}
      </span>
      <span class="tl-track">{marks}</span>
    </>
  );
}
