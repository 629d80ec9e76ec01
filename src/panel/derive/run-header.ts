// Which parts of a run's label fit its lane header's label column, measured in the fonts they
// are drawn in: the number always, then the start time, the thread's distinguishing part and
// the run's. The caption on the track and the tooltip carry the whole label.
import type { LabelFonts } from '../../core/labels/fit-label.js';
import type { RunLabel } from '../../core/labels/run-label.js';
import { LABEL_GAP_PX } from './lane-label.js';

export interface RunHeaderPieces {
  readonly time: boolean;
  /** The thread part to show ('' when it does not fit). */
  readonly thread: string;
  /** The run part to show ('' when it does not fit). */
  readonly run: string;
}

/** Padding, border and rounding of `.tl-label` (see lane-label). */
const CHROME_PX = 10;
/** The "replayed" badge: 10 px text, padding, border and margin. */
const REPLAYED_PX = 62;
/** A run header is bold (`.lane.run-row`); the fonts measure the regular weight. Monospace
 *  bold keeps its advance width, so only the UI font's text is scaled. */
const BOLD = 1.1;

export function runHeaderPieces(
  label: RunLabel,
  columnPx: number,
  fonts: LabelFonts,
  replayed: boolean,
): RunHeaderPieces {
  let room = columnPx - CHROME_PX - (replayed ? REPLAYED_PX : 0) - fonts.name(label.number) * BOLD;
  const take = (w: number): boolean => {
    if (w + LABEL_GAP_PX > room) return false;
    room -= w + LABEL_GAP_PX;
    return true;
  };
  const time = take(fonts.name(label.time) * BOLD);
  const thread = time && take(fonts.id(label.thread)) ? label.thread : '';
  const run = thread && take(fonts.id(label.run)) ? label.run : '';
  return { time, thread, run };
}
