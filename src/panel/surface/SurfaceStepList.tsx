import type { SurfaceStep } from '../derive/surface-history.js';
import { ROW_HEIGHT } from '../hooks/use-virtual-list.js';
import { StepList } from '../widgets/StepList.js';

function summary(step: SurfaceStep): string {
  const ops = step.messages.map((m) => `${m.op ?? '?'}${m.surfaceId === undefined ? '' : ` ${m.surfaceId}`}`);
  return `${step.source}: ${ops.join(', ') || 'no operations'}`;
}

/** Every step that carried A2UI messages. */
export function SurfaceStepList({
  steps,
  at,
  onPick,
}: {
  readonly steps: readonly SurfaceStep[];
  readonly at: number;
  readonly onPick: (step: number) => void;
}) {
  // A surface run has a few steps: the list takes their height, up to the State view's 120 px.
  return (
    <div class="surface-steps-box" style={{ height: `${Math.min(steps.length * ROW_HEIGHT, 120)}px` }}>
      <StepList
        view="Surface"
        steps={steps}
        at={at}
        onPick={onPick}
        row={(step, i) => ({ place: `${i + 1} · #${step.event}`, text: summary(step), title: summary(step) })}
      />
    </div>
  );
}
