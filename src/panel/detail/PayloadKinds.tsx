import { Fragment } from 'preact';
import { PAYLOAD_KINDS, type RunWeight } from '../core-deps.js';
import { share } from '../derive/weight-text.js';

/** Bytes by kind beside their share of the whole, the kinds with none left out. */
export function PayloadKinds(props: {
  readonly byKind: RunWeight['byKind'];
  readonly bytes: number;
  readonly label: string;
}) {
  const { byKind, bytes, label } = props;
  return (
    <dl class="kv" aria-label={label}>
      {PAYLOAD_KINDS.filter((k) => byKind[k] > 0).map((k) => (
        <Fragment key={k}>
          <dt>{k}</dt>
          <dd>{`${byKind[k]} bytes · ${share(byKind[k], bytes)}`}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
