// Replay: plans, pacing, id rewrite, edits and request comparison (pure).
export * from './types.js';
export { planFromItems, planFromStream, eventLines } from './plan.js';
export { applyIdPatches, idPatchesIn, LIFECYCLE_TYPES } from './id-patches.js';
export { playPieces, pieceTypes, stepTo, type StepTarget } from './pacing.js';
export { applyPreset, parseEventLines, type EditPreset, type LineError, type ParsedLine } from './edits.js';
export { requestDivergence, type Divergence } from './divergence.js';
export { sseBody, type SseItem } from './sse-text.js';
