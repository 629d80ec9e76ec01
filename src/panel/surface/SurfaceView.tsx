import { useEffect, useState } from 'preact/hooks';
import { formatMs } from '../derive/format.js';
import { createSurfaceHistories } from '../derive/surface-history.js';
import { viewRun } from '../derive/view-run.js';
import { usePanel } from '../store-context.js';
import { Scrubber } from '../widgets/Scrubber.js';
import { ViewRoot } from '../widgets/ViewRoot.js';
import { SurfaceCard } from './SurfaceCard.js';
import { SurfaceStepList } from './SurfaceStepList.js';

/**
 * One run's A2UI surfaces after each event that carried A2UI messages, with a scrubber over
 * those events: each surface's component tree (as text) and data model. No rendered preview:
 * the official renderers need a page of their own (docs/panel.md, "Surface").
 */
export function SurfaceView() {
  return (
    <ViewRoot name="surface">
      <SurfaceContent />
    </ViewRoot>
  );
}

function SurfaceContent() {
  const { store } = usePanel();
  // One history cache for the view's life: the panel's store never changes under it.
  const [histories] = useState(createSurfaceHistories);
  const run = viewRun(store);
  const stream = run ? store.findStream(run.streamId) : undefined;
  // undefined = follow the latest step.
  const [pos, setPos] = useState<number | undefined>(undefined);
  useEffect(() => setPos(undefined), [run?.key]);
  if (!run || !stream)
    return (
      <div class="empty" role="status">
        No runs yet.
      </div>
    );
  const history = histories(run, stream);
  const steps = history.steps();
  const head = (
    <div class="toolbar" role="toolbar" aria-label="Surface options">
      <span class="dim">{`Run ${store.runLabels.value.of(run).text} · choose another in the Run selector`}</span>
    </div>
  );
  if (steps.length === 0)
    return (
      <>
        {head}
        <div class="empty" role="status">
          No A2UI surfaces in this run: no a2ui-surface activity and no tool result with A2UI operations.
        </div>
      </>
    );
  const n = steps.length;
  const at = pos === undefined ? n - 1 : Math.min(pos, n - 1);
  const step = steps[at];
  const surfaces = [...history.surfacesAt(at).values()];
  const pick = (i: number): void => setPos(i >= n - 1 ? undefined : i);
  return (
    <>
      {head}
      <div class="surface-view" role="region" aria-label="Surface history">
        <Scrubber
          name="Surface scrubber"
          noun="step"
          rangeName="Surface step"
          at={at}
          count={n}
          nextGlyph="▶"
          status={`step ${at + 1} / ${n}${step ? ` · ${step.type} · event #${step.event} · +${formatMs(step.t - run.startedAt)} · ${step.source}` : ''}`}
          onStep={(d) => setPos(Math.max(0, Math.min(n - 1, at + d)))}
          onPick={pick}
        />
        <SurfaceStepList steps={steps} at={at} onPick={pick} />
        <h3>{`Surfaces after step ${at + 1} (${surfaces.length})`}</h3>
        {surfaces.map((s) => (
          <SurfaceCard key={s.surfaceId} surface={s} streamId={run.streamId} runId={run.runId} />
        ))}
      </div>
    </>
  );
}
