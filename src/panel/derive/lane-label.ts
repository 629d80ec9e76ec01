// A call lane's label in a column of a given width: the tool name first and whole as long as
// possible, the call id shortened first (in the middle: ids differ at their ends) and left
// out when not even a few of its characters fit; the name is cut only when it alone is too long. Widths are estimated in characters so
// the label never needs a layout pass; the lane's tooltip always has both whole.

/** Fewest characters an id is shortened to (head, ellipsis, tail) before the name gives way. */
export const MIN_ID_CHARS = 6;
/** Average width of a label character at the panel's 12 px UI font. */
const CHAR_PX = 6.4;
/** The status icon, gaps and padding of a call label. */
const FIXED_PX = 26;
const BADGE_PX = 60;

/** Characters of text a label column of `px` holds next to the status icon (and badge). */
export function labelBudget(px: number, frontendBadge: boolean): number {
  return Math.max(0, Math.floor((px - FIXED_PX - (frontendBadge ? BADGE_PX : 0)) / CHAR_PX));
}

/** `text` in at most `max` characters, cut in the middle; the end keeps the larger part. */
export function middleShorten(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return max === 1 ? '…' : '';
  const keep = max - 1;
  const head = Math.floor(keep / 3);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}

/** `text` in at most `max` characters, cut at the end. */
export function endShorten(text: string, max: number): string {
  if (text.length <= max) return text;
  return max <= 1 ? '…'.slice(0, Math.max(0, max)) : `${text.slice(0, max - 1)}…`;
}

export interface LaneLabel {
  readonly name: string;
  readonly id: string;
}

/** Name and id in `budget` characters (one is the gap between them). */
export function fitLaneLabel(name: string, id: string, budget: number): LaneLabel {
  if (name.length + 1 + id.length <= budget) return { name, id };
  const idRoom = budget - name.length - 1;
  if (idRoom >= Math.min(MIN_ID_CHARS, id.length)) return { name, id: middleShorten(id, idRoom) };
  // No room for a readable id: the tooltip and the lane's accessible name still have it whole.
  return { name: endShorten(name, Math.max(1, budget)), id: '' };
}
