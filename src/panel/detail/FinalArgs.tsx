import type { ToolCallModel } from '../../core/model/types.js';
import { usePanel } from '../store-context.js';
import { JsonTree } from '../widgets/JsonTree.js';
import { LargeText } from '../widgets/LargeText.js';

const CONTEXT = 40;

/** The final argument value as a tree, or where parsing failed. */
export function FinalArgs({ call }: { readonly call: ToolCallModel }) {
  const { store } = usePanel();
  const j = call.json;
  const last = call.deltas.length - 1;
  return (
    <div aria-label="Final arguments">
      <div class="section dim">Final value</div>
      {j.state === 'empty' && <div class="section dim">(empty)</div>}
      {j.state === 'incomplete' && (
        <div class="section dim">Incomplete JSON so far (the call is open or was cut off).</div>
      )}
      {j.state === 'concatenated' && (
        <div class="section sev-warning">{`${j.count} JSON values back to back: misrouted parallel arguments or a re-stream.`}</div>
      )}
      {j.state === 'valid' && last >= 0 && (
        <JsonTree value={store.core.partialArgsAt(call, last).value} label="Final arguments" open={3} />
      )}
      {j.state === 'invalid' && (
        <div class="section">
          <div class="sev-warning">{`Not JSON at position ${j.position}: ${j.message}`}</div>
          <pre class="args-text" aria-label="Parse error position">
            {call.args.slice(Math.max(0, j.position - CONTEXT), j.position)}
            <span class="err-pos">{call.args.slice(j.position, j.position + 1) || '⏎'}</span>
            {call.args.slice(j.position + 1, j.position + CONTEXT)}
          </pre>
        </div>
      )}
      <LargeText text={call.args} name={`args-${call.toolCallId}.json`} label="Final argument text" />
    </div>
  );
}
