import type { EventRow } from '../derive/event-index.js';
import { summarizePayload, summarizeRaw } from '../derive/event-summary.js';
import { eventColumns } from '../derive/event-columns.js';
import { formatMs } from '../derive/format.js';
import { usePanel } from '../store-context.js';

/** One line: index in its stream, time since run start, type, run, call or message, summary. */
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
  const run = store.findRunAt(row.stream.info.streamId, row.raw.index);
  const runStart = run?.startedAt ?? row.stream.info.startedAt;
  const labels = store.runLabels.value;
  const cols = eventColumns(payload, row.raw.index, run, (r) => labels.of(r).number, e?.synthesized !== undefined);
  // What the client merely strips or translates is a notice, not a broken event.
  const bad = row.raw.problems.some((p) => p.kind !== 'adjusted');
  const begins =
    cols.begins === 'stream'
      ? `stream begins: ${row.stream.info.method || ''} ${row.stream.info.url}`.replace(/\s+/, ' ')
      : cols.begins === 'run' && run
        ? `run ${labels.of(run).text} begins`
        : undefined;
  return (
    <div
      id={id}
      class={`row${e?.synthesized ? ' synth' : ''}${cols.begins ? ' ev-begins' : ''}`}
      role="option"
      aria-selected={selected}
      style={{ transform: `translateY(${top}px)` }}
      onClick={onSelect}
    >
      {/* Column widths are in the stylesheet and the header's resizers (--ev-*-w). */}
      <span class="cell mono dim ev-idx">{`#${row.raw.index}`}</span>
      <span class="cell mono dim ev-time">{`+${formatMs(row.raw.t - runStart)}`}</span>
      <span class={`cell mono ev-type${bad ? ' sev-error' : ''}`} title={type}>
        {type}
      </span>
      <span class="cell ev-run" title={run ? labels.of(run).title : 'outside any run'}>
        {cols.run}
      </span>
      <span class="cell mono dim ev-id" title={cols.idTitle || undefined}>
        {cols.id}
      </span>
      {e?.synthesized && <span class="cell badge dim">{`synthesized: ${e.synthesized}`}</span>}
      {begins && (
        <span class="cell badge ev-begin-badge" title={begins}>
          {begins}
        </span>
      )}
      <span class="cell grow mono">{summary}</span>
    </div>
  );
}
