import type { EventRow } from '../derive/event-index.js';
import { eventIds, summarizePayload, summarizeRaw } from '../derive/event-summary.js';
import { formatMs } from '../derive/format.js';
import { usePanel } from '../store-context.js';

/** One line: index, time since run start, type, ids, summary. */
export function EventRowView({
  id,
  row,
  top,
  selected,
  onSelect,
}: {
  readonly id: string;
  readonly row: EventRow;
  readonly top: number;
  readonly selected: boolean;
  readonly onSelect: () => void;
}) {
  const { store } = usePanel();
  const e = row.expanded;
  const type = e ? e.type : row.raw.type || '(undecodable)';
  const payload = e ? e.payload : row.raw.payload;
  const summary = e ? summarizePayload(e.type, e.payload) : summarizeRaw(row.raw);
  const runStart = store.findRunAt(row.stream.info.streamId, row.raw.index)?.startedAt ?? row.stream.info.startedAt;
  // What the client merely strips or translates is a notice, not a broken event.
  const bad = row.raw.problems.some((p) => p.kind !== 'adjusted');
  return (
    <div
      id={id}
      class={`row${e?.synthesized ? ' synth' : ''}`}
      role="option"
      aria-selected={selected}
      style={{ transform: `translateY(${top}px)` }}
      onClick={onSelect}
    >
      {/* Column widths are in the stylesheet (narrow panels get narrower index and time). */}
      <span class="cell mono dim ev-idx">{`#${row.raw.index}`}</span>
      <span class="cell mono dim ev-time">{`+${formatMs(row.raw.t - runStart)}`}</span>
      <span class={`cell mono ev-type${bad ? ' sev-error' : ''}`} title={type}>
        {type}
      </span>
      {e?.synthesized && <span class="cell badge dim">{`synthesized: ${e.synthesized}`}</span>}
      <span class="cell mono dim ev-ids">{eventIds(payload).join(' ')}</span>
      <span class="cell grow mono">{summary}</span>
    </div>
  );
}
