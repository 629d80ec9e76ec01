// What the facade is built from. Tests may swap any part; createInspector fills the
// rest with the real framing, decoding, expansion and rules.
import type { EventSourceMessage } from '../capture.js';
import type { ExpandResult, ChunkExpander } from '../expand/types.js';
import type { RawEvent } from '../events/types.js';
import type { FrameDecoder } from '../framing/types.js';
import type { RuleEngine } from '../rules/engine-types.js';
import type { RuleEngineOptions } from '../rules/engine.js';

export interface PipelineDeps {
  readonly createSseDecoder: (streamId: string) => FrameDecoder;
  readonly createProtoDecoder: (streamId: string) => FrameDecoder;
  readonly decodeEventSourceMessage: (streamId: string, index: number, msg: EventSourceMessage, t: number) => RawEvent;
  readonly decodeImportedEvent: (streamId: string, index: number, event: unknown, t: number) => RawEvent;
  readonly createChunkExpander: () => ChunkExpander;
  readonly createRuleEngine: (options?: RuleEngineOptions) => RuleEngine;
}

const NOTHING: ExpandResult = { events: [], issues: [] };

/** Expansion that passes every decodable event through unchanged (no chunk support). */
export function createPassThroughExpander(): ChunkExpander {
  return {
    expand(raw) {
      if (typeof raw.payload !== 'object' || raw.payload === null || Array.isArray(raw.payload) || raw.type === '')
        return NOTHING;
      return {
        events: [{ type: raw.type, payload: raw.payload as Readonly<Record<string, unknown>>, raw }],
        issues: [],
      };
    },
    finish: () => NOTHING,
  };
}

/** An engine that judges nothing: for model-only use and tests. */
export function createSilentRuleEngine(): RuleEngine {
  return {
    rules: [],
    onRawEvent: () => [],
    onExpandIssue: () => [],
    onEvent: () => [],
    onRunEnd: () => [],
    onStreamEnd: () => [],
    onRunFollowed: () => [],
  };
}
