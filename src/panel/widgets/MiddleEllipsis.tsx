/**
 * Text cut in the middle when it does not fit: ids differ at their ends (run-…-3f9a), so
 * the start and the end both stay visible. Pure CSS (a shrinking head with an end
 * ellipsis, a fixed tail), so it adapts to any column width without measuring, and the
 * DOM text is the whole string (copy and find see all of it).
 */
export function MiddleEllipsis({
  text,
  tail = 8,
  class: cls,
}: {
  readonly text: string;
  readonly tail?: number;
  readonly class?: string;
}) {
  // Short strings are not split: the tail alone would show them whole anyway.
  const keep = text.length > tail * 2 ? tail : 0;
  return (
    <span class={`mid-ellipsis${cls ? ` ${cls}` : ''}`}>
      <span class="mid-head">{keep ? text.slice(0, -keep) : text}</span>
      {keep > 0 && <span class="mid-tail">{text.slice(-keep)}</span>}
    </span>
  );
}
