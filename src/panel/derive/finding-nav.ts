// Keyboard order of the Findings view: the order it shows them in (grouped by rule,
// groups sorted by severity), which differs from session order used by n / N.
import type { FindingGroup } from './finding-index.js';

export type FindingMove = 'next' | 'prev' | 'first' | 'last' | { readonly page: 1 | -1; readonly size: number };

/** Where `current` sits: group and position, or undefined when it is not listed. */
function locate(groups: readonly FindingGroup[], current: number | undefined): { g: number; p: number } | undefined {
  if (current === undefined) return undefined;
  for (let g = 0; g < groups.length; g++) {
    const p = groups[g]?.items.indexOf(current) ?? -1;
    if (p >= 0) return { g, p };
  }
  return undefined;
}

/** The finding a key moves to, as an index into model.findings (undefined when none are listed). */
export function moveInGroups(
  groups: readonly FindingGroup[],
  current: number | undefined,
  move: FindingMove,
): number | undefined {
  const firstOf = (g: number): number | undefined => groups[g]?.items[0];
  const lastOf = (g: number): number | undefined => {
    const items = groups[g]?.items;
    return items ? items[items.length - 1] : undefined;
  };
  if (groups.length === 0) return undefined;
  if (move === 'first') return firstOf(0);
  if (move === 'last') return lastOf(groups.length - 1);
  const at = locate(groups, current);
  if (!at) return move === 'prev' ? lastOf(groups.length - 1) : firstOf(0);
  let steps = move === 'next' || move === 'prev' ? 1 : move.size;
  const dir = move === 'next' ? 1 : move === 'prev' ? -1 : move.page;
  let { g, p } = at;
  // Walk across group boundaries; stop at either end rather than wrapping (as lists do).
  while (steps > 0) {
    const len = groups[g]?.items.length ?? 0;
    const room = dir === 1 ? len - 1 - p : p;
    if (steps <= room) {
      p += dir * steps;
      steps = 0;
    } else if (dir === 1 ? g < groups.length - 1 : g > 0) {
      steps -= room + 1;
      g += dir;
      p = dir === 1 ? 0 : (groups[g]?.items.length ?? 1) - 1;
    } else {
      p = dir === 1 ? len - 1 : 0;
      steps = 0;
    }
  }
  return groups[g]?.items[p];
}
