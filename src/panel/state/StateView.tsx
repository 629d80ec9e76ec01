import { useEffect, useState } from 'preact/hooks';
import { createStateHistories } from '../derive/state-history.js';
import { formatMs } from '../derive/format.js';
import { useRunSteps } from '../hooks/use-run-steps.js';
import { JsonTree } from '../widgets/JsonTree.js';
import { PatchFindings } from './PatchFindings.js';
import { PatchView } from './PatchView.js';
import { Scrubber } from '../widgets/Scrubber.js';
import { StateDiff } from './StateDiff.js';
import { StateStepList } from './StateStepList.js';
import { NoRunsYet, RunViewHead } from '../widgets/RunViewHead.js';
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
  const { run, history, at: atOf, pick: pickOf, move } = useRunSteps(createStateHistories);
  // The diff's base step (undefined = no diff).
  const [base, setBase] = useState<number | undefined>(undefined);
  useEffect(() => setBase(undefined), [run?.key]);
  if (!run || !history) return <NoRunsYet />;
  const steps = history.steps();
  const head = <RunViewHead run={run} label="State options" />;
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
  const at = atOf(n);
  const step = steps[at];
  const result = history.stateAt(at);
  const pick = (i: number): void => pickOf(i, n);
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
          onStep={(d) => move(d, n)}
          onPick={pick}
        />
        <StateStepList steps={steps} history={history} at={at} onPick={pick} />
        {step && <PatchView step={step} error={result?.error} />}
        {step && step.kind === 'delta' && <PatchFindings streamId={run.streamId} event={step.event} />}
        <StateDiff history={history} at={at} count={n} base={base} onBase={setBase} />
        <h3>{`State after step ${at + 1}`}</h3>
        <JsonTree key={at} value={result?.state} label={`State after step ${at + 1}`} open={3} />
      </div>
    </>
  );
}
