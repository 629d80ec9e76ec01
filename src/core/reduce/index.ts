export { applyEvent, type EventMeta } from './apply-event.js';
export { applyChunk, applyRawEvent, applyRunCutOff, applyStreamEnd, applyStreamOpen } from './stream-ops.js';
export { activeRun, applyFindings, emptySession, getRun, getStream, lastRun } from './store.js';
export { parseRunInput, parseRequestBody } from './run-input.js';
