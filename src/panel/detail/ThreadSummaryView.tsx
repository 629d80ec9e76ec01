import { Fragment } from 'preact';
import { useRevised } from '../hooks/use-revised.js';
import type { RunModel } from '../../core/model/types.js';
import { usePanel } from '../store-context.js';
import { threadRevision, threadSummary } from '../derive/thread-summary.js';
import { snapshotText } from '../derive/weight-text.js';
import { PayloadKinds } from './PayloadKinds.js';

const signed = (n: number): string => (n < 0 ? `${n}` : `+${n}`);

/**
 * The thread the run belongs to, as a whole: its runs with each request body's size and its
 * growth (the history a client resends every turn), what the thread streamed by kind, and
 * its largest state snapshots. Each other run is a way to its own detail.
 */
export function ThreadSummaryView({ run }: { readonly run: RunModel }) {
  const { store } = usePanel();
  const model = store.capture.model.value;
  const revision = threadRevision(model, run, store.findRun);
  const summary = useRevised(
    () => threadSummary(model, run, { findRun: store.findRun, findStream: store.findStream }),
    [revision, run.threadId],
  );
  const { thread, runs, largest } = summary;
  const labels = store.runLabels.value;
  const name = thread.threadId || '(no thread id)';
  const head = `Thread (${runs.length} run${runs.length === 1 ? '' : 's'}, ${thread.bytes} bytes streamed)`;
  if (runs.length < 2)
    return (
      <section aria-label={`Thread ${name} summary`}>
        <h3>{head}</h3>
        <div class="section dim">The only run on this thread so far: its payload above is the thread's.</div>
      </section>
    );
  const growth = thread.requestGrowth;
  const noBodies = thread.requests.every((b) => b === 0);
  return (
    <section class="thread-summary" aria-label={`Thread ${name} summary`}>
      <h3>{head}</h3>
      <table class="thread-runs" aria-label="Runs of the thread">
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Request (bytes)</th>
            <th scope="col">Growth</th>
            <th scope="col">Streamed (bytes)</th>
          </tr>
        </thead>
        <tbody>
          {runs.map(({ run: r, weight }, i) => {
            const label = labels.of(r);
            const text = `${label.number} · ${label.time}`;
            return (
              <tr key={r.key} aria-current={r.key === run.key ? 'true' : undefined}>
                <th scope="row" title={label.title}>
                  {r.key === run.key ? (
                    `${text} (this run)`
                  ) : (
                    <button
                      type="button"
                      class="link"
                      aria-label={`Show run ${label.mention}`}
                      onClick={() => store.selection.selectRun(r.key)}
                    >
                      {text}
                    </button>
                  )}
                </th>
                <td>{weight.requestBytes}</td>
                <td>{i === 0 ? '—' : signed(growth[i - 1] ?? 0)}</td>
                <td>{weight.bytes}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div class="section dim">
        {noBodies
          ? 'No request bodies recorded: the growth of the history cannot be told.'
          : `Requests ${thread.requests.join(' → ')} bytes: the client resends the history every turn (largest growth +${thread.maxRequestGrowth} bytes).`}
      </div>
      <div class="section dim">Streamed on the thread, by kind</div>
      <PayloadKinds byKind={thread.byKind} bytes={thread.bytes} label="Thread payload by kind" />
      {largest.length > 0 && <div class="section dim">Largest state snapshots</div>}
      {largest.length > 0 && (
        <dl class="kv" aria-label="Largest state snapshots of the thread">
          {largest.map((s) => {
            const owner = store.findRun(s.runKey);
            return (
              <Fragment key={`${s.runKey} ${s.event}`}>
                <dt class="mono">{`${owner ? labels.of(owner).number : '?'} STATE_SNAPSHOT #${s.event}`}</dt>
                <dd>{snapshotText(s)}</dd>
              </Fragment>
            );
          })}
        </dl>
      )}
    </section>
  );
}
