export { applyEvent } from './apply-event.js';
export { applyChunk, applyRawEvent, applyRunCutOff, applyStreamEnd, applyStreamOpen } from './stream-ops.js';
export { activeRun, addFindings, createStore, getRun, getStream, lastRun, type Store } from './store.js';
export { parseRunInput, parseRequestBody } from './run-input.js';
