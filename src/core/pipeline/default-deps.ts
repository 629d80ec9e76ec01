// The real parts, wired in one place so the facade itself stays testable with fakes.
import { decodeEventSourceMessage, decodeImportedEvent } from '../events/decode.js';
import { createChunkExpander } from '../expand/chunks.js';
import { createProtoDecoder } from '../framing/proto.js';
import { createSseDecoder } from '../framing/sse.js';
import { createRuleEngine } from '../rules/index.js';
import type { PipelineDeps } from './deps.js';

export const defaultDeps: PipelineDeps = {
  createSseDecoder,
  createProtoDecoder,
  decodeEventSourceMessage,
  decodeImportedEvent,
  createChunkExpander,
  createRuleEngine,
};
