import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { useRevised } from '../hooks/use-revised.js';
import { compareRuns, type CompareSide, type FindingDelta, type SideFacts } from '../derive/compare/compare-runs.js';
import { formatMs, runOutcome } from '../derive/format.js';
import type { RunLabelIndex } from '../derive/run-labels.js';
import { resolveSide } from '../store/compare-sides.js';
import { usePanel } from '../store-context.js';
import { CompareCalls } from './CompareCalls.js';
import { ComparePicker } from './ComparePicker.js';
import { DiffText } from './DiffText.js';

function FactsTable({
  a,
  b,
  sa,
  sb,
  labels,
}: {
  a: SideFacts;
  b: SideFacts;
  sa: CompareSide;
  sb: CompareSide;
  labels: RunLabelIndex;
}) {
  const rows: [string, string, string][] = [
    ['run', `${labels.of(sa.run).text} (${sa.source})`, `${labels.of(sb.run).text} (${sb.source})`],
    ['outcome', runOutcome(sa.run), runOutcome(sb.run)],
    ['events', String(a.events), String(b.events)],
    [
      'duration',
      a.durationMs === undefined ? 'running' : formatMs(a.durationMs),
      b.durationMs === undefined ? 'running' : formatMs(b.durationMs),
    ],
    ['tool calls', String(a.calls), String(b.calls)],
    ['findings', String(a.findings), String(b.findings)],
  ];
  return (
    <table class="cmp-facts" aria-label="Runs compared">
      <thead>
        <tr>
          <th />
          <th scope="col">A</th>
          <th scope="col">B</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([k, x, y]) => (
          <tr key={k} class={x === y || k === 'run' ? '' : 'differs'}>
            <th scope="row">{k}</th>
            <td class="mono">{x}</td>
            <td class="mono">{y}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OnlyList({ label, items }: { readonly label: string; readonly items: readonly FindingDelta[] }) {
  return (
    <div class="cmp-only">
      <h4>{label}</h4>
      {items.length === 0 ? (
        <div class="dim">none</div>
      ) : (
        <ul aria-label={label}>
          {items.map((f) => (
            <li key={f.key} class="mono">
              {f.count > 1 ? `${f.key} ×${f.count}` : f.key}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Comparison({ sa, sb }: { readonly sa: CompareSide; readonly sb: CompareSide }) {
  const { store } = usePanel();
  // Live runs change in place: their versions say when to compare again.
  const c = useRevised(
    () => compareRuns(sa, sb),
    [sa.run, sb.run, sa.run.version, sb.run.version, sa.findings.length, sb.findings.length],
  );
  return (
    <>
      <CompareSection title="Runs">
        <FactsTable a={c.a} b={c.b} sa={sa} sb={sb} labels={store.runLabels.value} />
      </CompareSection>
      <CompareSection title={`Tool calls (${c.calls.length} aligned, ${c.differingCalls} differ)`}>
        <CompareCalls pairs={c.calls} />
      </CompareSection>
      <CompareSection title="Assistant text">
        {c.text.same ? (
          <div class="dim section">Same text.</div>
        ) : c.text.parts ? (
          <DiffText parts={c.text.parts} label="Assistant text differences" />
        ) : (
          <div class="section">The texts differ in too many places to list.</div>
        )}
      </CompareSection>
      <CompareSection title="Findings only in one run">
        <div class="cmp-cols">
          <OnlyList label="Only in A" items={c.onlyA} />
          <OnlyList label="Only in B" items={c.onlyB} />
        </div>
      </CompareSection>
    </>
  );
}

/** One headed part of the comparison, named by its heading for assistive technology. */
function CompareSection({ title, children }: { readonly title: string; readonly children: ComponentChildren }) {
  const id = useId();
  return (
    <section class="cmp-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** Two runs side by side: pickers, facts, aligned tool calls with JSON diffs, text, findings. */
export function CompareView() {
  const { store } = usePanel();
  const { a, b } = store.compare;
  const sa = resolveSide(store, a.value);
  const sb = resolveSide(store, b.value);
  return (
    <section
      class="compare"
      data-view="compare"
      aria-label="Compare runs"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          store.compare.close();
        }
      }}
    >
      <div class="cmp-bar">
        <ComparePicker label="Run A" value={a.value} onPick={(v) => (a.value = v)} />
        <ComparePicker label="Run B" value={b.value} onPick={(v) => (b.value = v)} />
        <button type="button" class="tb-btn tb-text" onClick={() => store.compare.close()}>
          Close comparison
        </button>
      </div>
      {sa && sb ? (
        <Comparison sa={sa} sb={sb} />
      ) : (
        <div class="empty">
          Pick two runs. To compare a run with one from another session, open its run detail, press “Keep for
          comparison”, then import or record the other.
        </div>
      )}
    </section>
  );
}
