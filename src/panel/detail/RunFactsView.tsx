import { Fragment } from 'preact';
import type { RunFacts } from '../derive/run-facts.js';
import { interruptStatus } from '../derive/run-facts.js';
import { JsonTree } from '../widgets/JsonTree.js';

/** Interrupts and their answers, token usage, merged metadata and encrypted values of one run. */
export function RunFactsView({ facts }: { readonly facts: RunFacts }) {
  const { interrupts, usage, metadata, encrypted } = facts;
  return (
    <>
      {interrupts && (
        <>
          <h3>{`Interrupts (${interrupts.interrupts.length})`}</h3>
          <dl class="kv" aria-label="Interrupts">
            {interrupts.interrupts.map((i) => (
              <Fragment key={i.id}>
                <dt class="mono">{i.id}</dt>
                <dd>
                  <span>{`${i.reason ?? '(no reason)'}${i.message ? ` — ${i.message}` : ''}`}</span>
                  <span
                    class={i.status === undefined ? 'sev-warning' : 'dim'}
                  >{` · ${interruptStatus(i, interrupts.next)}`}</span>
                </dd>
              </Fragment>
            ))}
          </dl>
          {interrupts.unknown.length > 0 && (
            <div class="section sev-warning">{`The next request also answers ${interrupts.unknown.join(', ')}, which this run did not ask.`}</div>
          )}
        </>
      )}
      {usage && (
        <>
          <h3>{`Token usage (${usage.length})`}</h3>
          <JsonTree value={usage} label="Token usage" open={2} />
        </>
      )}
      {metadata.length > 0 && (
        <>
          <h3>{`Metadata (${metadata.length})`}</h3>
          {metadata.map((m) => (
            <div key={`${m.kind}:${m.id}`} class="section">
              <div class="dim">{`${m.kind} ${m.id}`}</div>
              <JsonTree value={m.metadata} label={`Metadata of ${m.kind} ${m.id}`} open={1} />
            </div>
          ))}
        </>
      )}
      {encrypted.length > 0 && (
        <>
          <h3>{`Encrypted values (${encrypted.length})`}</h3>
          <dl class="kv" aria-label="Encrypted values">
            {encrypted.map((e) => (
              <Fragment key={e.event}>
                <dt class="mono">{`#${e.event} ${e.subtype} ${e.entityId}`}</dt>
                <dd class="mono">{e.valueType ?? '(encryptedValueType not given)'}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
    </>
  );
}
