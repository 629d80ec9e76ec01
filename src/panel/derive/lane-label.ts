// A call lane's label in a label column of a given width, measured in the fonts it is drawn
// in: the part of the id that tells the call apart from its sibling lanes always shows, then
// the tool name whole, then as much of the id as fits (see core/labels/fit-label). The lane's
// tooltip and the call detail have both whole.
import type { DistinguishingPart } from '../../core/labels/distinguishing-part.js';
import { fitLabel, type FittedLabel, type LabelFonts } from '../core-deps.js';

/** Gap between the label's pieces (`.tl-label { gap }`). */
export const LABEL_GAP_PX = 4;
/** Horizontal padding (4 + 4) and right border (1) of `.tl-label`, plus a px for rounding. */
const LABEL_CHROME_PX = 10;
/** The status icon's box (one glyph of the UI font). */
const ICON_TEXT = '◐';
/** The frontend badge: 10 px text, 4 px padding each side, 1 px border each side, 4 px margin. */
const BADGE_EXTRA_PX = 14;
const BADGE_SCALE = 10 / 12;

/** Px left for the name and id once the icon, the badge and the gaps are placed. */
export function labelRoom(columnPx: number, frontendBadge: boolean, fonts: LabelFonts): number {
  const icon = fonts.name(ICON_TEXT) + LABEL_GAP_PX;
  const badge = frontendBadge ? fonts.name('frontend') * BADGE_SCALE + BADGE_EXTRA_PX + LABEL_GAP_PX : 0;
  return Math.max(0, columnPx - LABEL_CHROME_PX - icon - badge);
}

export function fitLaneLabel(
  name: string,
  id: string,
  part: DistinguishingPart,
  columnPx: number,
  frontendBadge: boolean,
  fonts: LabelFonts,
): FittedLabel {
  return fitLabel(name, id, part, labelRoom(columnPx, frontendBadge, fonts), fonts, LABEL_GAP_PX);
}
