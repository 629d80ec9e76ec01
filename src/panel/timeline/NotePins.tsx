import type { TimeScale } from '../derive/scale.js';
import type { LaneAxis } from '../derive/lane-axis.js';
import { notePlace } from '../derive/note-target.js';
import type { LaneRow } from '../derive/timeline-index.js';
import { openNote } from '../note-actions.js';
import { usePanel } from '../store-context.js';

/** The notes on a timeline row, as pins at their time; a separate layer so lanes stay as they are. */
export function NotePins({
  row,
  scale,
  axis,
}: {
  readonly row: LaneRow;
  readonly scale: TimeScale;
  readonly axis: LaneAxis;
}) {
  const { store } = usePanel();
  if (row.kind === 'messages' || row.kind === 'activity' || row.kind === 'placeholder') return null;
  const key = row.kind === 'call' ? `call:${row.run.key}|${row.call.toolCallId}` : `run:${row.run.key}`;
  const notes = store.pins.value.byRow.get(key);
  if (!notes) return null;
  return (
    <span class="note-pins">
      {notes.map((n) => {
        const at = notePlace(n.target, store);
        if (at === undefined) return null;
        return (
          <button
            key={n.id}
            type="button"
            tabIndex={-1}
            class={`note-pin${store.notes.current.value === n.id ? ' current' : ''}`}
            style={{ left: `${scale.x(axis.at(at.streamId, at.event, at.t))}px` }}
            aria-label={`Note: ${n.text}`}
            title={n.text}
            onClick={(e) => {
              e.stopPropagation();
              openNote(store, n);
            }}
          >
            ✎
          </button>
        );
      })}
    </span>
  );
}
