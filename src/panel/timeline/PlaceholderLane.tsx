import type { PlaceholderLane as Lane } from '../derive/placeholder-lanes.js';
import type { LaneAxis } from '../derive/lane-axis.js';
import { placeholderSpan } from '../derive/lane-extent.js';
import type { TimeScale } from '../derive/scale.js';
import { usePanel } from '../store-context.js';
import { FindingMarker } from './FindingMarker.js';
import { MiddleEllipsis } from '../widgets/MiddleEllipsis.js';

/** Path and query of a URL (the origin is the same for most lanes); the whole text when not a URL. */
function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

/** A stream the timeline has no run for: the request, and why there is nothing to draw. */
export function PlaceholderLane({
  lane,
  scale,
  axis,
  now,
}: {
  readonly lane: Lane;
  readonly scale: TimeScale;
  readonly axis: LaneAxis;
  readonly now: number;
}) {
  const { store } = usePanel();
  const span = placeholderSpan(axis, lane, now);
  const box = scale.span(span.from, span.to);
  const findings = lane.streamId ? store.findings.value.forStream(lane.streamId) : [];
  const model = store.capture.model.value;
  return (
    <>
      <span class="tl-label" title={`${lane.method} ${lane.url}\n${lane.why}`}>
        <span aria-hidden="true">⊘</span>
        <span class="dim">{lane.method}</span>
        <MiddleEllipsis text={shortUrl(lane.url)} />
      </span>
      <span class="tl-track">
        {box && <span class="bar placeholder" style={{ left: `${box.left}px`, width: `${box.width}px` }} />}
        <span
          class="run-caption placeholder-why"
          style={{ left: `${Math.max(0, Math.min(box?.left ?? 0, scale.width - 300)) + 4}px` }}
        >
          {findings.length > 0 ? `${lane.why} · ${findings.length} finding(s)` : lane.why}
        </span>
        {findings.map((fi) => {
          const f = model.findings[fi];
          if (!f) return null;
          return <FindingMarker key={fi} index={fi} finding={f} x={scale.x(axis.at(lane.id, f.events[0] ?? 0, f.t))} />;
        })}
      </span>
    </>
  );
}
