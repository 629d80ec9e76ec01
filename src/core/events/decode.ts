// Payload decoding shared by every transport: text → JSON → field checks → RawEvent.
// Never throws: undecodable input becomes a RawEvent with problems, so the panel can
// show exactly what arrived.
import type { EventSourceMessage } from '../capture.js';
import type { EventProblem, RawEvent, WireSpan } from './types.js';
import { checkEventFields, type FieldCheck } from './check-fields.js';

export { checkEventFields, isPlainObject, type FieldCheck } from './check-fields.js';

/** How much of an undecodable text a problem keeps (the raw bytes stay in the capture). */
export const PREVIEW_CHARS = 200;
const MESSAGE_CHARS = 300;

export interface DecodedPayload {
  readonly type: string;
  /** The parsed value; undefined when the text is not JSON. */
  readonly payload: unknown;
  readonly problems: readonly EventProblem[];
  readonly deprecated?: string;
}

export function previewText(text: string, max = PREVIEW_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return previewText(message, MESSAGE_CHARS);
}

export function decodeEventPayload(text: string): DecodedPayload {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    // RangeError (nesting too deep for the engine) lands here too.
    const problem: EventProblem = {
      kind: 'invalid-json',
      message: `data is not JSON (${errorMessage(error)})`,
      text: previewText(text),
    };
    return { type: '', payload: undefined, problems: [problem] };
  }
  return decodeEventValue(payload);
}

export function decodeEventValue(payload: unknown): DecodedPayload {
  let check: FieldCheck;
  try {
    check = checkEventFields(payload);
  } catch (error) {
    // Only exotic objects (getters, proxies from an importer) can get here.
    return {
      type: '',
      payload,
      problems: [{ kind: 'not-an-object', message: `event could not be read: ${errorMessage(error)}` }],
    };
  }
  return check.deprecated === undefined
    ? { type: check.type, payload, problems: check.problems }
    : { type: check.type, payload, problems: check.problems, deprecated: check.deprecated };
}

export interface RawEventExtras {
  readonly sseEvent?: string;
  readonly sseId?: string;
}

export function makeRawEvent(
  streamId: string,
  index: number,
  t: number,
  span: WireSpan,
  decoded: DecodedPayload,
  extras: RawEventExtras = {},
): RawEvent {
  return rawEvent(
    streamId,
    index,
    t,
    span,
    decoded.type,
    decoded.payload,
    decoded.problems,
    extras.sseEvent,
    extras.sseId,
  );
}

/**
 * makeRawEvent without the intermediate objects, for the framing hot path. One literal
 * per shape (no conditional spreads: they cost more than the rest of the event), keys
 * always in the same order.
 */
export function rawEvent(
  streamId: string,
  index: number,
  t: number,
  span: WireSpan,
  type: string,
  payload: unknown,
  problems: readonly EventProblem[],
  sseEvent?: string,
  sseId?: string,
): RawEvent {
  if (sseEvent === undefined && sseId === undefined) return { index, streamId, t, span, type, payload, problems };
  if (sseId === undefined) return { index, streamId, t, span, type, payload, sseEvent, problems };
  if (sseEvent === undefined) return { index, streamId, t, span, type, payload, sseId, problems };
  return { index, streamId, t, span, type, payload, sseEvent, sseId, problems };
}

/**
 * decodeEventPayload and rawEvent in one step, for the framing hot path: a clean event
 * makes no intermediate record. Every other case takes decodeEventPayload's way, so the
 * verdicts are the same.
 */
export function rawEventFromText(
  streamId: string,
  index: number,
  t: number,
  span: WireSpan,
  text: string,
  sseEvent?: string,
  sseId?: string,
): RawEvent {
  let payload: unknown;
  let check: FieldCheck | undefined;
  try {
    payload = JSON.parse(text);
    check = checkEventFields(payload);
  } catch {
    check = undefined;
  }
  if (check === undefined) {
    const d = decodeEventPayload(text);
    return rawEvent(streamId, index, t, span, d.type, d.payload, d.problems, sseEvent, sseId);
  }
  return rawEvent(streamId, index, t, span, check.type, payload, check.problems, sseEvent, sseId);
}

/**
 * One message an EventSource delivered. There are no bytes to point at, so the span
 * is the message's ordinal: [index, index + 1).
 */
export function decodeEventSourceMessage(
  streamId: string,
  index: number,
  msg: EventSourceMessage,
  t: number,
): RawEvent {
  // The browser reports "message" when the stream sent no event: field; keep only real ones.
  const sseEvent = msg.event !== '' && msg.event !== 'message' ? msg.event : undefined;
  const sseId = msg.lastEventId !== '' ? msg.lastEventId : undefined;
  const d = decodeEventPayload(msg.data);
  return rawEvent(streamId, index, t, { start: index, end: index + 1 }, d.type, d.payload, d.problems, sseEvent, sseId);
}

/**
 * One already-parsed event (JSONL / JSON array import). As with EventSource messages
 * the span is the ordinal [index, index + 1), since no byte stream exists.
 */
export function decodeImportedEvent(streamId: string, index: number, event: unknown, t: number): RawEvent {
  return makeRawEvent(streamId, index, t, { start: index, end: index + 1 }, decodeEventValue(event));
}
