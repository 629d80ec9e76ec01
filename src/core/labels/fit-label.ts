// Fitting a name and an id into a label of a given width, measured by the caller in the font
// the label is drawn in (the panel measures with a canvas; the core stays free of layout).
import type { DistinguishingPart } from './distinguishing-part.js';

/** Width in px of `text` in one font. */
export type Measure = (text: string) => number;

export interface LabelFonts {
  /** The tool name's font (the UI font). */
  readonly name: Measure;
  /** The id's font (monospace). */
  readonly id: Measure;
}

/** A half-open range of a text that a shortened label must keep (a filter's match, the newest name). */
export interface KeptRange {
  readonly start: number;
  readonly end: number;
}

export interface FittedLabel {
  readonly name: string;
  readonly id: string;
}

const ELLIPSIS = '…';

/** Largest n in [lo, hi] with ok(n), or lo - 1 when none (ok is monotone: true then false). */
function largest(lo: number, hi: number, ok: (n: number) => boolean): number {
  let best = lo - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ok(mid)) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/** The id with `extra` characters of context beside its distinguishing part. */
function idWith(id: string, part: DistinguishingPart, extra: number): string {
  if (part.side === 'whole') return id;
  const rest = id.length - part.kept.length;
  if (extra >= rest) return id;
  return part.side === 'end'
    ? `${id.slice(0, extra)}${ELLIPSIS}${part.kept}`
    : `${part.kept}${ELLIPSIS}${id.slice(id.length - extra)}`;
}

/**
 * `name` and `id` in `width` px with `gap` px between them. The distinguishing part of the id
 * always shows (it is what tells sibling lanes apart); then the name whole; then as much of
 * the id as fits. The name is cut at its end only when it and the distinguishing part do
 * not both fit. The result never measures wider than `width` unless the distinguishing part
 * alone is wider.
 */
export function fitLabel(
  name: string,
  id: string,
  part: DistinguishingPart,
  width: number,
  fonts: LabelFonts,
  gap: number,
  keep?: KeptRange,
): FittedLabel {
  const nameW = fonts.name(name);
  if (nameW + gap + fonts.id(id) <= width) return { name, id };
  const rest = id.length - part.kept.length;
  const extra = largest(0, rest, (n) => nameW + gap + fonts.id(idWith(id, part, n)) <= width);
  if (extra >= 0) return { name, id: idWith(id, part, extra) };
  const idText = part.text;
  const room = width - gap - fonts.id(idText);
  const cut = keep ? fitAround(name, keep, room, fonts.name) : fitEnd(name, room, fonts.name);
  return { name: cut === ELLIPSIS ? '' : cut, id: idText };
}

/**
 * `text` shortened to `width` px around the range it must keep: the kept part whole (cut at
 * its end only when it alone is too wide), then as much after it as fits (a label's newest
 * part is at its end), then as much before it; "…" marks each side cut.
 */
export function fitAround(text: string, keep: KeptRange, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  const start = Math.max(0, Math.min(keep.start, text.length));
  const end = Math.max(start, Math.min(keep.end, text.length));
  const show = (from: number, to: number): string =>
    `${from > 0 ? ELLIPSIS : ''}${text.slice(from, to)}${to < text.length ? ELLIPSIS : ''}`;
  if (measure(show(start, end)) > width) {
    const cut = fitEnd(text.slice(start, end), width - (start > 0 ? measure(ELLIPSIS) : 0), measure);
    return cut ? `${start > 0 ? ELLIPSIS : ''}${cut}` : '';
  }
  const to = end + largest(0, text.length - end, (n) => measure(show(start, end + n)) <= width);
  const from = start - largest(0, start, (n) => measure(show(start - n, to)) <= width);
  return show(from, to);
}

/** `text` cut at its end to fit `width` px (whole when it fits). */
export function fitEnd(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  const keep = largest(0, text.length - 1, (n) => measure(`${text.slice(0, n)}${ELLIPSIS}`) <= width);
  return keep >= 0 ? `${text.slice(0, keep)}${ELLIPSIS}` : '';
}
