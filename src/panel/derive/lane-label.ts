// A call lane's label in a label column of a given width, measured in the fonts it is drawn
// in: the part of the id that tells the call apart from its sibling lanes always shows, then
// the tool name whole, then as much of the id as fits (see core/labels/fit-label). A frontend
// call's badge shrinks to a short tag before the tool name is cut: the name is what users
// scan the lanes for. The lane's tooltip and the call detail have everything whole.
import type { DistinguishingPart } from '../../core/labels/distinguishing-part.js';
import { fitAround, fitEnd, fitLabel, type FittedLabel, type KeptRange, type LabelFonts } from '../core-deps.js';

/** Gap between the label's pieces (`.tl-label { gap }`). */
export const LABEL_GAP_PX = 4;
/** Horizontal padding (4 + 4) and right border (1) of `.tl-label`, plus a px for rounding. */
const LABEL_CHROME_PX = 10;
/** The status icon's box (one glyph of the UI font). */
const ICON_TEXT = '◐';
/** The frontend badge's text, whole and compact (`.badge`, `.badge.compact` in panel.css). */
export const FRONTEND_BADGE = 'frontend';
export const FRONTEND_TAG = 'FE';
/** `.badge`: 10 px text, 4 px padding each side, 1 px border each side, 4 px margin. */
const BADGE_EXTRA_PX = 14;
/** `.badge.compact`: 2 px padding each side, 1 px border each side, no margin. */
const TAG_EXTRA_PX = 6;
const BADGE_SCALE = 10 / 12;

/** Which frontend badge a call lane shows: none, the whole word, or the short tag. */
export type FrontendBadge = boolean | 'compact';

/** Px left for the name and id once the icon, the badge and the gaps are placed. */
export function labelRoom(columnPx: number, frontendBadge: FrontendBadge, fonts: LabelFonts): number {
  const icon = fonts.name(ICON_TEXT) + LABEL_GAP_PX;
  const badge =
    frontendBadge === 'compact'
      ? fonts.name(FRONTEND_TAG) * BADGE_SCALE + TAG_EXTRA_PX + LABEL_GAP_PX
      : frontendBadge
        ? fonts.name(FRONTEND_BADGE) * BADGE_SCALE + BADGE_EXTRA_PX + LABEL_GAP_PX
        : 0;
  return Math.max(0, columnPx - LABEL_CHROME_PX - icon - badge);
}

export function fitLaneLabel(
  name: string,
  id: string,
  part: DistinguishingPart,
  columnPx: number,
  frontendBadge: FrontendBadge,
  fonts: LabelFonts,
  keep?: KeptRange,
): FittedLabel {
  return fitLabel(name, id, part, labelRoom(columnPx, frontendBadge, fonts), fonts, LABEL_GAP_PX, keep);
}

export interface CallLabel extends FittedLabel {
  /** The frontend badge shown: none (a backend call), whole, or the short tag. */
  readonly badge: FrontendBadge;
}

/**
 * What a shortened call label keeps of its names (`a → b`): the filter's first match in
 * them, else the newest name: the one the call ended under, which the user looks for.
 */
export function keptOfNames(names: readonly string[], matches: readonly KeptRange[]): KeptRange | undefined {
  const first = matches[0];
  if (first) return first;
  if (names.length < 2) return undefined;
  const joined = names.join(NAME_JOIN);
  const last = names[names.length - 1] ?? '';
  return { start: joined.length - last.length, end: joined.length };
}

/** Between the names a reopened call had, oldest first. */
export const NAME_JOIN = ' → ';

/**
 * A call lane's label. `unique`: no sibling lane shares the tool name, so the name alone
 * tells the call apart and keeps the room when name and id do not both fit. A frontend
 * call shows the whole badge only while the tool name stays whole beside it.
 */
export function fitCallLabel(
  name: string,
  id: string,
  part: DistinguishingPart,
  columnPx: number,
  frontend: boolean,
  unique: boolean,
  fonts: LabelFonts,
  keep?: KeptRange,
): CallLabel {
  const fit = (badge: FrontendBadge): CallLabel => {
    const fitted = fitLaneLabel(name, id, part, columnPx, badge, fonts, keep);
    if (fitted.name === name || !unique) return { ...fitted, badge };
    const room = labelRoom(columnPx, badge, fonts);
    return { name: keep ? fitAround(name, keep, room, fonts.name) : fitEnd(name, room, fonts.name), id: '', badge };
  };
  if (!frontend) return fit(false);
  const whole = fit(true);
  return whole.name === name ? whole : fit('compact');
}
