export { applyEvent } from './apply-event.js';
export { applyChunk, applyRawEvent, applyRunCutOff, applyStreamEnd, applyStreamOpen } from './stream-ops.js';
export { addFindings, createStore, type Store } from './store.js';
export { activeRun, getRun, getStream, lastRun } from './lookup.js';
export { parseRunInput, parseRequestBody } from './run-input.js';
