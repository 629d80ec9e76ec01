import { CheckChoice } from '../widgets/Choice.js';
import { MIN_GAP_MS } from '../derive/axis-gaps.js';
import type { AxisMode } from '../derive/lane-axis.js';
import { usePanel } from '../store-context.js';

const MODES: readonly { readonly id: AxisMode; readonly label: string; readonly title: string }[] = [
  { id: 'time', label: 'Time', title: 'Lanes placed by arrival time' },
  { id: 'sequence', label: 'Sequence', title: 'Lanes placed by event order (for files without per-event timing)' },
];

/** Axis switch (time / sequence), fit, and why the axis is what it is. */
export function AxisBar({
  mode,
  timed,
  lanes,
  onFit,
  live = false,
  collapsed,
  gaps,
}: {
  readonly mode: AxisMode;
  readonly timed: boolean;
  /** Live or replayed runs are timed after the file's event-ordered lanes. */
  readonly live?: boolean;
  readonly lanes: number;
  readonly onFit: () => void;
  /** Idle gaps collapsed (the switch's state) and how many there are. */
  readonly collapsed: boolean;
  readonly gaps: number;
}) {
  const { timelineView } = usePanel();
  const choice = timelineView.axis.value;
  const note =
    !timed && mode === 'sequence'
      ? `Sequence axis: this ${choice === 'auto' ? 'file' : 'session'} has no per-event timing (a HAR keeps each body as one piece), so lanes are placed by event order and runs are sized in events.${live ? ' Live and replayed runs follow it, timed from the first live event ("live 0").' : ''}`
      : !timed
        ? 'No per-event timing: every event of a stream has the same time, so durations read 0.'
        : undefined;
  return (
    <div class="tl-bar">
      <span
        role="radiogroup"
        aria-label="Axis"
        class="seg"
        onKeyDown={(e) => {
          // A radio group moves with the arrows; Tab leaves it (roving tabindex).
          if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
          e.preventDefault();
          e.stopPropagation();
          const next = mode === 'time' ? 'sequence' : 'time';
          timelineView.axis.value = next;
          document.getElementById(`axis-${next}`)?.focus();
        }}
      >
        {MODES.map((m) => (
          <button
            key={m.id}
            id={`axis-${m.id}`}
            type="button"
            role="radio"
            aria-checked={mode === m.id}
            tabIndex={mode === m.id ? 0 : -1}
            title={m.title}
            class="seg-btn"
            onClick={() => (timelineView.axis.value = m.id)}
          >
            {m.label}
          </button>
        ))}
      </span>
      <button type="button" class="seg-btn" title="Fit the runs shown (0)" onClick={onFit}>
        Fit
      </button>
      {mode === 'time' && (
        <CheckChoice
          extraClass="tl-switch"
          title={`Runs far apart in time each get room: idle stretches over ${MIN_GAP_MS / 1000} s shrink to a marked break on the axis${collapsed ? ` (${gaps} now)` : ''}`}
          checked={collapsed}
          onToggle={(on) => (timelineView.collapseGaps.value = on)}
        >
          Collapse idle gaps
        </CheckChoice>
      )}
      <span class="dim">{`${lanes} lanes · ctrl+wheel / + − zoom, ← → pan, 0 fit, double-click a run to zoom`}</span>
      {note && (
        <span class="tl-note" role="note">
          {note}
        </span>
      )}
    </div>
  );
}
