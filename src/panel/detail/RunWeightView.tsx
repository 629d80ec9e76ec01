import { Fragment } from 'preact';
import { useRevised } from '../hooks/use-revised.js';
import type { RunModel, StreamModel } from '../../core/model/types.js';
import { runWeight } from '../core-deps.js';
import { snapshotText } from '../derive/weight-text.js';
import { PayloadKinds } from './PayloadKinds.js';

/** What the run weighs: bytes by kind and by type, its request body, each snapshot beside what changed. */
export function RunWeightView({ run, stream }: { readonly run: RunModel; readonly stream: StreamModel | undefined }) {
  // One pass over the run's events when it gained one (the run record is updated in place).
  const w = useRevised(() => runWeight(run, stream), [run, run.lastEvent, run.version, stream]);
  const types = Object.entries(w.byType).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return (
    <>
      <h3>{`Payload (${w.bytes} bytes, request ${w.requestBytes} bytes)`}</h3>
      <PayloadKinds byKind={w.byKind} bytes={w.bytes} label="Payload by kind" />
      <details class="section">
        <summary>{`By event type (${types.length})`}</summary>
        <dl class="kv" aria-label="Payload by event type">
          {types.map(([t, n]) => (
            <Fragment key={t}>
              <dt class="mono">{t}</dt>
              <dd>{`${n} bytes`}</dd>
            </Fragment>
          ))}
        </dl>
      </details>
      {w.snapshots.length > 0 && (
        <dl class="kv" aria-label="State snapshots">
          {w.snapshots.map((s) => (
            <Fragment key={s.event}>
              <dt class="mono">{`STATE_SNAPSHOT #${s.event}`}</dt>
              <dd>{snapshotText(s)}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </>
  );
}
