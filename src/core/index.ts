// The core's public API: what the panel, the CLI and the exporters import. Everything
// here is pure and browser-free; internal helpers stay behind their folders.

// Contracts and data shapes
export type * from './capture.js';
export type * from './events/types.js';
export type * from './expand/types.js';
export type * from './findings.js';
export type * from './model/types.js';
export type { Inspector, InspectorOptions, CreateInspector } from './inspector.js';
export type { FrameDecoder } from './framing/types.js';

// The store's transitions (the facade drives them) and model lookups
export {
  activeRun,
  addFindings,
  applyChunk,
  applyEvent,
  applyRawEvent,
  applyRunCutOff,
  applyStreamEnd,
  applyStreamOpen,
  createStore,
  getRun,
  getStream,
  lastRun,
  parseRequestBody,
  parseRunInput,
  type Store,
} from './reduce/index.js';
export { nextRun, previousRun, threadOf } from './reduce/threads.js';

// Arguments: JSON state, the scrubber's partial view, schema validation
export { createJsonScan, jsonStateOf, jsonStateOfText, scanJson, type JsonScanState } from './args/json-state.js';
export { partialArgsAt, type PartialArgs } from './args/partial-view.js';
export { validateArgs } from './args/schema.js';

// The stateful facade
export { createInspector, type CreateInspectorOptions } from './pipeline/create-inspector.js';
export { createPassThroughExpander, createSilentRuleEngine, type PipelineDeps } from './pipeline/deps.js';
export { INTERNAL_RULE } from './internal-finding.js';

// Text form
export { printModel } from './print/print-model.js';

// Parts built beside this folder, re-exported so consumers have one entry point
export { createSseDecoder } from './framing/sse.js';
export { createProtoDecoder } from './framing/proto.js';
export { decodeEventSourceMessage, decodeImportedEvent } from './events/decode.js';
export { createChunkExpander } from './expand/chunks.js';
export {
  CLIENT_PROFILES,
  RULES,
  ruleById,
  createRuleEngine,
  rejectingProfiles,
  rejectsUnder,
  type RuleContext,
  type RuleEngine,
} from './rules/index.js';
export {
  decodeBase64,
  encodeBase64,
  exportRedacted,
  exportSession,
  feedCaptures,
  loadFile,
  SESSION_FORMAT,
  SESSION_VERSION,
  type Capture,
  type ExportOptions,
  type LoadFormat,
  type LoadResult,
  type RedactedExport,
  type SessionFileV1,
} from './io/index.js';
