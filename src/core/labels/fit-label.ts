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
): FittedLabel {
  const nameW = fonts.name(name);
  if (nameW + gap + fonts.id(id) <= width) return { name, id };
  const rest = id.length - part.kept.length;
  const extra = largest(0, rest, (n) => nameW + gap + fonts.id(idWith(id, part, n)) <= width);
  if (extra >= 0) return { name, id: idWith(id, part, extra) };
  const idText = part.text;
  const room = width - gap - fonts.id(idText);
  const keep = largest(1, name.length - 1, (n) => fonts.name(`${name.slice(0, n)}${ELLIPSIS}`) <= room);
  if (keep >= 1) return { name: `${name.slice(0, keep)}${ELLIPSIS}`, id: idText };
  return { name: '', id: idText };
}

/** `text` cut at its end to fit `width` px (whole when it fits). */
export function fitEnd(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  const keep = largest(0, text.length - 1, (n) => measure(`${text.slice(0, n)}${ELLIPSIS}`) <= width);
  return keep >= 0 ? `${text.slice(0, keep)}${ELLIPSIS}` : '';
}
