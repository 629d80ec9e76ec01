import { patchOps, type StateHistory, type StateStep } from '../derive/state-history.js';
import { StepList } from '../widgets/StepList.js';

const KIND = { input: 'input state', snapshot: 'STATE_SNAPSHOT', delta: 'STATE_DELTA' } as const;

function summary(step: StateStep): string {
  if (step.kind !== 'delta') return KIND[step.kind];
  const ops = patchOps(step.value);
  return `${KIND.delta} ${ops.map((o) => `${o.op} ${o.path}`).join(', ')}`;
}

/** Every step of the run; only the rows on screen replay their state (to mark failed patches). */
export function StateStepList({
  steps,
  history,
  at,
  onPick,
}: {
  readonly steps: readonly StateStep[];
  readonly history: StateHistory;
  readonly at: number;
  readonly onPick: (step: number) => void;
}) {
  return (
    <StepList
      view="State"
      steps={steps}
      at={at}
      onPick={onPick}
      row={(step, i) => {
        const failed = step.kind === 'delta' && history.stateAt(i)?.error !== undefined;
        return {
          place: `${i + 1}${step.event >= 0 ? ` · #${step.event}` : ''}`,
          text: `${summary(step)}${failed ? ' — patch failed' : ''}`,
          failed,
        };
      }}
    />
  );
}
