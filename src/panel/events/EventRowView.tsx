import type { Severity } from '../../core/findings.js';
import type { PanelStore } from '../store/panel-store.js';
import type { EventRow } from '../derive/event-index.js';
import { problemText, summarizePayload, summarizeRaw } from '../derive/event-summary.js';
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
  const marker = rowMarker(store, row, bad);
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
      {marker && (
        <span class={`cell ev-marker sev-${marker.severity}`} role="img" aria-label={marker.title} title={marker.title}>
          {MARKER_GLYPH[marker.severity]}
        </span>
      )}
      <span class="cell grow mono" title={marker ? `${summary}\n${marker.title}` : undefined}>
        {summary}
      </span>
    </div>
  );
}

const MARKER_GLYPH: Readonly<Record<Severity, string>> = { error: '✖', warning: '▲', notice: 'ℹ' };
const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, notice: 2 };

/**
 * The marker a row carries beside its summary: the worst of the findings whose main event it
 * is and of its own decoding problems (a client's adjustment is a notice), with all of their
 * texts as the tooltip. None for a row with neither.
 */
function rowMarker(
  store: PanelStore,
  row: EventRow,
  bad: boolean,
): { readonly severity: Severity; readonly title: string } | undefined {
  const all = store.capture.model.value.findings;
  const found = store.findings.value
    .forEvent(row.stream.info.streamId, row.raw.index)
    .flatMap((i) => (all[i] ? [all[i]] : []));
  const problems = problemText(row.raw);
  if (found.length === 0 && !problems) return undefined;
  const severities: Severity[] = [
    ...found.map((f) => f.severity),
    ...(problems ? ([bad ? 'error' : 'notice'] as const) : []),
  ];
  const severity = severities.reduce((a, b) => (SEVERITY_RANK[b] < SEVERITY_RANK[a] ? b : a));
  const lines = [...found.map((f) => `${f.severity} ${f.rule}: ${f.message}`), ...(problems ? [problems] : [])];
  return { severity, title: lines.join('\n') };
}
