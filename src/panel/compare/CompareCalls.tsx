import { useState } from 'preact/hooks';
import type { ToolCallModel } from '../../core/model/types.js';
import type { CallPair } from '../derive/compare/compare-runs.js';
import { ValueDiffView } from './ValueDiffView.js';

/** Pairs rendered at first (and per "show more"): a run with thousands of calls stays cheap. */
const PAGE = 100;

const sideText = (c: ToolCallModel | undefined): string => (c ? `${c.toolCallId} · ${c.status}` : '—');

function verdict(p: CallPair): string {
  if (!p.b) return 'only in A';
  if (!p.a) return 'only in B';
  const parts: string[] = [];
  if (p.args?.kind !== 'same') parts.push('arguments differ');
  if (p.result?.kind !== 'same') parts.push('results differ');
  if (p.a.status !== p.b.status) parts.push('status differs');
  return parts.length > 0 ? parts.join(', ') : 'same';
}

/** The two runs' tool calls, paired by order and name. */
export function CompareCalls({ pairs }: { readonly pairs: readonly CallPair[] }) {
  const [limit, setLimit] = useState(PAGE);
  if (pairs.length === 0) return <div class="dim section">Neither run made a tool call.</div>;
  return (
    <>
      <ol class="cmp-calls" aria-label="Tool calls compared">
        {pairs.slice(0, limit).map((p, i) => {
          const v = verdict(p);
          return (
            <li key={i} class={`cmp-call${v === 'same' ? '' : ' differs'}`} aria-label={`${p.name}: ${v}`}>
              <div class="cmp-call-head">
                <span class="mono">{p.name}</span>
                <span class={v === 'same' ? 'dim' : 'sev-warning'}>{v}</span>
              </div>
              <div class="cmp-sides mono dim">
                <span>call</span>
                <span title={p.a?.toolCallId}>{`A: ${sideText(p.a)}`}</span>
                <span title={p.b?.toolCallId}>{`B: ${sideText(p.b)}`}</span>
              </div>
              {p.args && <ValueDiffView diff={p.args} label={`Arguments of ${p.name}`} />}
              {p.result && <ValueDiffView diff={p.result} label={`Result of ${p.name}`} />}
            </li>
          );
        })}
      </ol>
      {pairs.length > limit && (
        <button type="button" class="tb-btn" onClick={() => setLimit(limit + PAGE)}>
          {`Show ${Math.min(PAGE, pairs.length - limit)} more of ${pairs.length - limit}`}
        </button>
      )}
    </>
  );
}
