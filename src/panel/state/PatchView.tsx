import { patchOps, type StateStep } from '../derive/state-history.js';
import { JsonTree } from '../widgets/JsonTree.js';

/** What one step did: the snapshot replaced the state, or the patch's operations with their paths. */
export function PatchView({ step, error }: { readonly step: StateStep; readonly error: string | undefined }) {
  if (step.kind !== 'delta') {
    return (
      <div class="section dim">
        {step.kind === 'input'
          ? 'The state the request sent (RunAgentInput.state).'
          : 'STATE_SNAPSHOT: replaces the whole state.'}
      </div>
    );
  }
  const ops = patchOps(step.value);
  return (
    <div class="section">
      {error !== undefined && (
        <div class="sev-error" role="alert">{`Patch failed: ${error}. The client keeps the state it had.`}</div>
      )}
      {ops.length === 0 ? (
        <div class="dim">The delta has no operations.</div>
      ) : (
        <ol class="patch-ops" aria-label="Patch operations">
          {ops.map((o, i) => (
            <li key={i}>
              <span class="patch-op">{o.op}</span> <span class="patch-path mono">{o.path}</span>
              {o.from !== undefined && <span class="dim mono">{` from ${o.from}`}</span>}
              {o.hasValue && <JsonTree value={o.value} label={`Value of operation ${i + 1}`} open={1} />}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
