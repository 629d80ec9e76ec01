export {
  distinguishingParts,
  partOf,
  MIN_DISTINGUISHING_CHARS,
  type DistinguishingPart,
} from './distinguishing-part.js';
export {
  fitAround,
  fitEnd,
  fitLabel,
  type FittedLabel,
  type KeptRange,
  type LabelFonts,
  type Measure,
} from './fit-label.js';
export { localClock, repeatOf, runLabels, runMention, type NamedRun, type RunLabel } from './run-label.js';
