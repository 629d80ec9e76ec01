// The part of an id that tells it apart from its siblings (the other calls of a run, the other
// runs of a session). Generated ids share long prefixes ("call_f96ee…") or are UUIDs that
// differ everywhere; either way a short end (or, failing that, a short start) is enough to
// tell lanes apart, and a label that shows only that part leaves room for the tool name.

/** Fewest characters a shortened id keeps: fewer read as noise, not as an id. */
export const MIN_DISTINGUISHING_CHARS = 4;

export interface DistinguishingPart {
  /** What to show: the whole id, or its distinguishing end or start with an ellipsis. */
  readonly text: string;
  /** Which end was kept ('whole' when the id is shown unshortened). */
  readonly side: 'whole' | 'end' | 'start';
  /** The characters kept from the id (text without its ellipsis). */
  readonly kept: string;
}

const ELLIPSIS = '…';

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * Longest shared end (or start) between any two distinct ids: one more character tells all
 * of them apart. Sorting brings the ids sharing the longest run of characters next to each
 * other, so comparing neighbours is enough (O(n log n)).
 */
function longestShared(ids: readonly string[], side: 'end' | 'start'): number {
  const keyed = side === 'end' ? ids.map((id) => [...id].reverse().join('')) : [...ids];
  keyed.sort();
  let longest = 0;
  for (let i = 1; i < keyed.length; i++) {
    const a = keyed[i - 1] ?? '';
    const b = keyed[i] ?? '';
    if (a === b) continue;
    longest = Math.max(longest, commonPrefix(a, b));
  }
  return longest;
}

/**
 * For every distinct id in `ids`, the shortest end (preferred: ids usually differ at their
 * ends) or start that no sibling shares, at least `minChars` long. All siblings keep the
 * same number of characters, so a column of them lines up. An id no longer than that
 * number plus the ellipsis is shown whole.
 */
export function distinguishingParts(
  ids: readonly string[],
  minChars: number = MIN_DISTINGUISHING_CHARS,
): ReadonlyMap<string, DistinguishingPart> {
  const distinct = [...new Set(ids)];
  const endKeep = Math.max(minChars, longestShared(distinct, 'end') + 1);
  const startKeep = Math.max(minChars, longestShared(distinct, 'start') + 1);
  // The start is used only when it is clearly shorter: an end reads as "the same kind of id".
  const side: 'end' | 'start' = startKeep + 2 < endKeep ? 'start' : 'end';
  const keep = side === 'end' ? endKeep : startKeep;
  const out = new Map<string, DistinguishingPart>();
  for (const id of distinct) out.set(id, partOf(id, keep, side));
  return out;
}

/** `id` shortened to its last (or first) `keep` characters, or whole when that saves nothing. */
export function partOf(id: string, keep: number, side: 'end' | 'start' = 'end'): DistinguishingPart {
  if (id.length <= keep + 1) return { text: id, side: 'whole', kept: id };
  const kept = side === 'end' ? id.slice(id.length - keep) : id.slice(0, keep);
  return { text: side === 'end' ? `${ELLIPSIS}${kept}` : `${kept}${ELLIPSIS}`, side, kept };
}
