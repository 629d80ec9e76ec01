import type { ChangeObject } from 'diff';

/**
 * A text diff in two headed columns: A keeps the common text and shows what B dropped, B
 * keeps it and shows what B added. Side by side, a replaced word never runs into its
 * replacement ("Checking" / "Looking", not "CheckingLooking"), and spaces stay as they are.
 */
export function DiffText({
  parts,
  label,
}: {
  readonly parts: readonly ChangeObject<string>[];
  readonly label: string;
}) {
  return (
    <div class="cmp-text-cols" role="group" aria-label={label}>
      <div class="cmp-col-head">A</div>
      <div class="cmp-col-head">B</div>
      <DiffColumn parts={parts} side="A" label={label} />
      <DiffColumn parts={parts} side="B" label={label} />
    </div>
  );
}

/** One side of the diff: the common text and what only this side has (A dropped, B added). */
function DiffColumn({
  parts,
  side,
  label,
}: {
  readonly parts: readonly ChangeObject<string>[];
  readonly side: 'A' | 'B';
  readonly label: string;
}) {
  return (
    <div class="cmp-text scroll-text mono" role="group" aria-label={`${label}, ${side}`}>
      {parts.map((p, i) => {
        const mine = side === 'A' ? p.removed : p.added;
        const theirs = side === 'A' ? p.added : p.removed;
        if (theirs) return null;
        if (!mine) return <span key={i}>{p.value}</span>;
        return side === 'A' ? (
          <del key={i} class="cmp-del">
            {p.value}
          </del>
        ) : (
          <ins key={i} class="cmp-ins">
            {p.value}
          </ins>
        );
      })}
    </div>
  );
}
