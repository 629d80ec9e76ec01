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
      <div class="cmp-text mono" role="group" aria-label={`${label}, A`}>
        {parts.map((p, i) =>
          p.added ? null : p.removed ? (
            <del key={i} class="cmp-del">
              {p.value}
            </del>
          ) : (
            <span key={i}>{p.value}</span>
          ),
        )}
      </div>
      <div class="cmp-text mono" role="group" aria-label={`${label}, B`}>
        {parts.map((p, i) =>
          p.removed ? null : p.added ? (
            <ins key={i} class="cmp-ins">
              {p.value}
            </ins>
          ) : (
            <span key={i}>{p.value}</span>
          ),
        )}
      </div>
    </div>
  );
}
