import type { ChangeObject } from 'diff';

/** A text diff as inline insertions and deletions (page text, rendered as text only). */
export function DiffText({
  parts,
  label,
}: {
  readonly parts: readonly ChangeObject<string>[];
  readonly label: string;
}) {
  return (
    <div class="cmp-text mono" role="group" aria-label={label}>
      {parts.map((p, i) =>
        p.added ? (
          <ins key={i} class="cmp-ins">
            {p.value}
          </ins>
        ) : p.removed ? (
          <del key={i} class="cmp-del">
            {p.value}
          </del>
        ) : (
          <span key={i}>{p.value}</span>
        ),
      )}
    </div>
  );
}
