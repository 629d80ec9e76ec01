// Where a run header's caption sits on its track, and which of its forms: pure geometry,
// measured text widths in, a place and a text out (./RunLane.tsx draws it).

/**
 * Where the caption goes: the run's finding markers stay above it. `tiers` are its forms from
 * the most telling (with outcome and duration) to the least (the run's number alone), each
 * longest first. Within a tier, the place nearest the run's start wins: just right of it
 * (`from`), else just right of a marker after it; there, the longest form clear of every
 * marker. A shorter tier only when no place suits a longer one: a short form clear of the
 * markers reads better than a long one with a marker over a character, and the label column
 * and the tooltip have the rest. Undefined when nothing is clear anywhere.
 */
export function placeCaption(
  tiers: readonly (readonly string[])[],
  width: (text: string) => number,
  markerXs: readonly number[],
  from: number,
  trackWidth: number,
): { text: string; left: number } | undefined {
  const starts = [from, ...markerXs.map((x) => x + MARKER_HALF_PX + 2).filter((x) => x > from)].sort((a, b) => a - b);
  for (const tier of tiers)
    for (const left of starts)
      for (const text of tier) {
        // Past the track's end it is anchored to that end: the box checked is where it lands.
        const [l, r] = captionBox(left, trackWidth, width(text));
        if (markerXs.every((x) => x + MARKER_HALF_PX <= l || x - MARKER_HALF_PX >= r)) return { text, left };
      }
  return undefined;
}

/** The caption is bold; the fonts measure the regular weight. */
export const CAPTION_BOLD = 1.15;

/** Half a finding marker's glyph (`.marker`: a 10 px glyph centred on its x). */
const MARKER_HALF_PX = 4;

/**
 * The caption starts at `left` (4 px into its run, past a finding marker there); when it
 * would run past the track's end it is anchored to that end instead, so the last run's
 * header reads whole after Fit. One wider than the track is cut with "…". `textWidth` is a
 * regular-weight estimate: the anchor decision leaves room for the bold face. captionBox
 * says where the text lies, [left, right] in px; captionPlace, how to style it.
 */
export function captionBox(left: number, trackWidth: number, textWidth: number): [number, number] {
  const w = textWidth * CAPTION_BOLD;
  return left + w <= trackWidth - 4 ? [left, left + w] : [Math.max(4, trackWidth - 4 - w), trackWidth - 4];
}

export function captionPlace(left: number, trackWidth: number, textWidth: number): Record<string, string> {
  if (captionBox(left, trackWidth, textWidth)[0] === left)
    return { left: `${left}px`, maxWidth: `${trackWidth - left - 4}px` };
  return { right: '4px', maxWidth: `${Math.max(0, trackWidth - 8)}px` };
}
