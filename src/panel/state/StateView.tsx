import { useEffect, useState } from 'preact/hooks';
import { createStateHistories } from '../derive/state-history.js';
import { formatMs } from '../derive/format.js';
import { viewRun } from '../derive/view-run.js';
import { usePanel } from '../store-context.js';
import { JsonTree } from '../widgets/JsonTree.js';
import { PatchFindings } from './PatchFindings.js';
import { PatchView } from './PatchView.js';
import { Scrubber } from '../widgets/Scrubber.js';
import { StateDiff } from './StateDiff.js';
import { StateStepList } from './StateStepList.js';
import { ViewRoot } from '../widgets/ViewRoot.js';

const KIND_LABEL = { input: 'input state', snapshot: 'STATE_SNAPSHOT', delta: 'STATE_DELTA' } as const;

/** One run's agent state after each STATE_SNAPSHOT / STATE_DELTA, with a scrubber over the steps. */
export function StateView() {
  return (
    <ViewRoot name="state">
      <StateContent />
    </ViewRoot>
  );
}

function StateContent() {
  const { store } = usePanel();
  // One cache of state histories for as long as the view is shown (the panel's store never changes under it).
  const [histories] = useState(createStateHistories);
  const run = viewRun(store);
  const stream = run ? store.findStream(run.streamId) : undefined;
  // undefined = follow the latest step.
  const [pos, setPos] = useState<number | undefined>(undefined);
  // The diff's base step (undefined = no diff).
  const [base, setBase] = useState<number | undefined>(undefined);
  useEffect(() => {
    setPos(undefined);
    setBase(undefined);
  }, [run?.key]);
  if (!run || !stream)
    return (
      <div class="empty" role="status">
        No runs yet.
      </div>
    );
  const history = histories(run, stream);
  const steps = history.steps();
  const head = (
    <div class="toolbar" role="toolbar" aria-label="State options">
      <span class="dim">{`Run ${store.runLabels.value.of(run).text} · choose another in the Run selector`}</span>
    </div>
  );
  if (steps.length === 0) {
    return (
      <>
        {head}
        <div class="empty" role="status">
          No state in this run: no STATE_SNAPSHOT, STATE_DELTA or input state.
        </div>
      </>
    );
  }
  const n = steps.length;
  const at = pos === undefined ? n - 1 : Math.min(pos, n - 1);
  const step = steps[at];
  const result = history.stateAt(at);
  const move = (d: number): void => setPos(Math.max(0, Math.min(n - 1, at + d)));
  return (
    <>
      {head}
      <div class="state-view" aria-label="State history" role="region">
        <Scrubber
          name="State scrubber"
          noun="step"
          rangeName="State step"
          at={at}
          count={n}
          nextGlyph="▶"
          status={`step ${at + 1} / ${n} · ${step ? KIND_LABEL[step.kind] : ''}${step && step.event >= 0 ? ` · event #${step.event} · +${formatMs(step.t - run.startedAt)}` : ''}${result?.error !== undefined ? ' · patch failed' : ''}`}
          onStep={move}
          onPick={(v) => setPos(v >= n - 1 ? undefined : v)}
        />
        <StateStepList steps={steps} history={history} at={at} onPick={(i) => setPos(i >= n - 1 ? undefined : i)} />
        {step && <PatchView step={step} error={result?.error} />}
        {step && step.kind === 'delta' && <PatchFindings streamId={run.streamId} event={step.event} />}
        <StateDiff history={history} at={at} count={n} base={base} onBase={setBase} />
        <h3>{`State after step ${at + 1}`}</h3>
        <JsonTree key={at} value={result?.state} label={`State after step ${at + 1}`} open={3} />
      </div>
    </>
  );
}
