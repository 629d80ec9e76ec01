import { formatMs } from '../derive/format.js';
import { createSurfaceHistories } from '../derive/surface-history.js';
import { useRunSteps } from '../hooks/use-run-steps.js';
import { Scrubber } from '../widgets/Scrubber.js';
import { NoRunsYet, RunViewHead } from '../widgets/RunViewHead.js';
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
  const { run, history, at: atOf, pick: pickOf, move } = useRunSteps(createSurfaceHistories);
  if (!run || !history) return <NoRunsYet />;
  const steps = history.steps();
  const head = <RunViewHead run={run} label="Surface options" />;
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
  const at = atOf(n);
  const step = steps[at];
  const surfaces = [...history.surfacesAt(at).values()];
  const pick = (i: number): void => pickOf(i, n);
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
          onStep={(d) => move(d, n)}
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
