import type { ToolCallModel } from '../../core/model/types.js';
import { PREVIEW_CHARS } from '../widgets/LargeText.js';

const MAX_SPANS = 4000;

/** The raw argument text with each delta's boundaries visible; deltas after `current` fade. */
export function ArgsText({ call, current }: { readonly call: ToolCallModel; readonly current: number }) {
  const text = call.args;
  const spans = [];
  let covered = 0;
  // Only the preview is split into spans: an MB-sized argument with thousands of deltas
  // must not become thousands of nodes.
  for (let i = 0; i < call.deltas.length && i < MAX_SPANS; i++) {
    const d = call.deltas[i];
    if (!d || d.offset >= PREVIEW_CHARS) break;
    const piece = text.slice(d.offset, Math.min(d.offset + d.length, PREVIEW_CHARS));
    const cls = `delta${i % 2 ? ' odd' : ''}${i === current ? ' current' : ''}${i > current ? ' future' : ''}`;
    spans.push(
      <span key={i} class={cls} title={`delta ${i + 1}: event #${d.event}, offset ${d.offset}, ${d.length} chars`}>
        {piece}
      </span>,
    );
    covered = d.offset + d.length;
  }
  const rest = covered < text.length ? text.slice(covered, PREVIEW_CHARS) : '';
  return (
    <pre class="args-text" aria-label="Argument text with delta boundaries">
      {spans}
      {rest}
      {text.length > PREVIEW_CHARS && (
        <span class="dim">{`… ${text.length - PREVIEW_CHARS} more chars (see Final value: show all / download)`}</span>
      )}
    </pre>
  );
}
