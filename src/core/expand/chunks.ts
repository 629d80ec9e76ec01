// Chunk expansion per lane, as @ag-ui/client 1.0 `transformChunks` does it.
// Explicit events pass through unchanged, preceded by the implicit
// ENDs their arrival causes; chunks become START/content events.
import type { RawEvent } from '../events/types.js';
import type { ChunkExpander, ExpandResult } from './types.js';
import { chunkKindOf } from './chunk-kinds.js';
import { expandChunk } from './expand-chunk.js';
import { Lanes, quote, describeLane, type Lane, type OpenStream, type Output } from './lanes.js';
import { isRetiredThinking, newThinkingIds, translateThinking, type ThinkingIds } from './thinking.js';

/** Explicit events that close the chunk stream of their own lane only. */
const CLOSES_OWN_LANE: ReadonlySet<string> = new Set([
  'TEXT_MESSAGE_START',
  'TEXT_MESSAGE_CONTENT',
  'TEXT_MESSAGE_END',
  'TOOL_CALL_START',
  'TOOL_CALL_ARGS',
  'TOOL_CALL_END',
  'TOOL_CALL_RESULT',
  'STATE_SNAPSHOT',
  'STATE_DELTA',
  'CUSTOM',
  'STEP_STARTED',
  'STEP_FINISHED',
  'REASONING_START',
  'REASONING_MESSAGE_START',
  'REASONING_MESSAGE_CONTENT',
  'REASONING_MESSAGE_END',
  'REASONING_END',
]);

/** Run boundaries and history restatement close every lane. */
const CLOSES_ALL: ReadonlySet<string> = new Set(['RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR', 'MESSAGES_SNAPSHOT']);

/** A subagent's end closes that subagent's lane. */
const CLOSES_SUBAGENT: ReadonlySet<string> = new Set(['SUBAGENT_FINISHED', 'SUBAGENT_ERROR']);

// Everything else closes nothing: RAW, ACTIVITY_*, REASONING_ENCRYPTED_VALUE,
// SUBAGENT_STARTED by design, and unknown types because the client's switch lets them
// fall through untouched. The retired 0.x THINKING_* events reach that switch already
// translated into REASONING_* by the client's compatibility boundary (./thinking.ts).

// A truncated-frame problem alone does not make an event unusable: an SSE event whose
// body stopped before its blank line still decoded (and the client parses it too).
const UNUSABLE = new Set(['invalid-json', 'not-an-object']);

type Payload = Readonly<Record<string, unknown>>;

/** Whether a raw event can take part in expansion (an object with a string type). */
export function isExpandable(raw: RawEvent): raw is RawEvent & { readonly payload: Payload } {
  if (raw.type === '' || raw.problems.some((p) => UNUSABLE.has(p.kind))) return false;
  return typeof raw.payload === 'object' && raw.payload !== null && !Array.isArray(raw.payload);
}

function tagOf(payload: Payload): string | undefined {
  const tag = payload['subagentRunId'];
  return typeof tag === 'string' ? tag : undefined;
}

/**
 * A stream's expansion state. The expander is this object literal with the module-level
 * functions below as methods, not closures per expander: rule 1 of docs/performance.md,
 * "The core's performance rules".
 */
interface Expander extends ChunkExpander {
  readonly lanes: Lanes;
  /** The lanes' open streams, read directly by passesThrough on every event. */
  readonly open: Map<Lane, OpenStream>;
  /** The ids the client minted for the THINKING_* span and message it is translating. */
  readonly thinking: ThinkingIds;
}

/**
 * The draft calls mixing spellings within one item malformed. The 1.0 client, like
 * us, closes only the explicit event's own lane: in that lane the shorthand ends
 * (implicit END first), so the explicit ARGS/END then fails as "not open"; a call
 * assembled in another lane stays open and the explicit event applies to it, which
 * the client accepts. Both are reported, under different ids, since only the first
 * makes the 1.0 client throw.
 */
function reportMixedForms(lanes: Lanes, raw: RawEvent, payload: Payload, out: Output): void {
  if (raw.type !== 'TOOL_CALL_ARGS' && raw.type !== 'TOOL_CALL_END') return;
  const id = payload['toolCallId'];
  if (typeof id !== 'string') return;
  const stream = lanes.find('tool', id);
  if (stream === undefined) return;
  const own = tagOf(payload);
  const assembling = `${raw.type} names call ${quote(id)}, which TOOL_CALL_CHUNK events from ${describeLane(stream.lane)} are assembling`;
  out.issues.push(
    stream.lane === own
      ? {
          rule: 'tool-call/chunk-mixed-forms',
          message: `${assembling}; the explicit event ends the chunk stream (implicit TOOL_CALL_END first), so it then refers to a closed call`,
          raw,
          toolCallId: id,
        }
      : {
          rule: 'tool-call/chunk-mixed-forms-cross-lane',
          message: `${assembling}; it closes only the chunk stream of ${describeLane(own)}, so the call stays open and the explicit event applies to it (the 1.0 client accepts this)`,
          raw,
          toolCallId: id,
        },
  );
}

function expandExplicit(
  lanes: Lanes,
  raw: RawEvent & { readonly payload: Payload },
  out: Output,
  translated?: { readonly type: string; readonly payload: Payload },
): void {
  const { type, payload } = translated ?? raw;
  if (CLOSES_ALL.has(type)) {
    lanes.closeAll(raw, out);
  } else if (CLOSES_OWN_LANE.has(type)) {
    reportMixedForms(lanes, raw, payload, out);
    lanes.close(tagOf(payload), raw, out);
  } else if (CLOSES_SUBAGENT.has(type)) {
    const tag = tagOf(payload);
    if (tag !== undefined) lanes.close(tag, raw, out);
  }
  out.events.push(translated ? { type, payload, raw, synthesized: 'translated' } : { type, payload, raw });
}

function expand(this: Expander, raw: RawEvent): ExpandResult {
  const out: Output = { events: [], issues: [] };
  if (!isExpandable(raw)) return out;
  const kind = chunkKindOf(raw.type);
  if (isRetiredThinking(raw.type))
    expandExplicit(this.lanes, raw, out, translateThinking(this.thinking, raw.type, raw.payload, raw.index));
  else if (kind === undefined) expandExplicit(this.lanes, raw, out);
  else expandChunk(this.lanes, kind, raw, raw.payload, out);
  return out;
}

function passesThrough(this: Expander, raw: RawEvent): boolean {
  return (
    this.open.size === 0 && chunkKindOf(raw.type) === undefined && !isRetiredThinking(raw.type) && isExpandable(raw)
  );
}

function finish(this: Expander): ExpandResult {
  // Like the client's finalizer: state is dropped, no END can be emitted, and the
  // open-at-stream-end rules report what stayed open.
  this.lanes.clear();
  return { events: [], issues: [] };
}

export function createChunkExpander(): ChunkExpander {
  const open = new Map<Lane, OpenStream>();
  const expander: Expander = {
    lanes: new Lanes(open),
    open,
    thinking: newThinkingIds(),
    expand,
    passesThrough,
    finish,
  };
  return expander;
}
