// What a stream really keeps alive, as an upper-bound estimate for a session cap: its wire
// material (bytes chunks, EventSource message strings, imported events), the event index,
// the payloads a view may have decoded (the event table's cache) and, beside them, the
// decoded text the model keeps: message text, call arguments and their deltas, results,
// the parsed request input. Text is counted at `charBytes` per character: a JS engine keeps a
// string one byte per character only while every character is Latin-1, and a message that
// gains one "—" becomes two bytes per character, so 2 is the safe figure unless the caller
// knows the stream's wire text had no character (or \u escape) outside Latin-1.
import type { CapturedChunk, RunModel, StreamModel, ToolCallModel } from '../model/types.js';
import { PAYLOAD_CACHE_BYTES } from './event-table.js';

export type CharBytes = 1 | 2;

/** Per wire event: the index's typed arrays (grown by doubling) and a text piece's node. */
export const EVENT_BYTES = 96;
/** Per captured chunk: its record, the typed array objects and its offset. */
export const CHUNK_BYTES = 200;
/** A stream's or run's fixed records, maps and decoder state. */
export const STREAM_BYTES = 2048;
export const RUN_BYTES = 1024;
const MESSAGE_BYTES = 256;
const CALL_BYTES = 768;
const DELTA_BYTES = 80;
const SEGMENT_BYTES = 160;
const RESULT_BYTES = 160;

export interface RetainedOptions {
  readonly charBytes: CharBytes;
  /** Sizes of parsed values already measured (values in the model never change). */
  readonly memo?: WeakMap<object, number>;
}

/** A parsed JSON-like value's heap size, walked once per object (memoised by identity). */
export function valueBytes(value: unknown, charBytes: CharBytes, memo?: WeakMap<object, number>): number {
  if (typeof value === 'string') return 16 + value.length * charBytes;
  if (typeof value !== 'object' || value === null) return 16;
  const known = memo?.get(value);
  if (known !== undefined) return known;
  let n = 0;
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') n += 16 + v.length * charBytes;
    else if (typeof v !== 'object' || v === null) n += 16;
    else if (!seen.has(v)) {
      seen.add(v);
      if (Array.isArray(v)) {
        n += 32 + 8 * v.length;
        for (const item of v) stack.push(item);
      } else {
        const entries = Object.entries(v);
        n += 56 + 16 * entries.length;
        for (const [k, item] of entries) {
          n += k.length * charBytes;
          stack.push(item);
        }
      }
    }
  }
  memo?.set(value, n);
  return n;
}

/** One captured chunk with its record. */
export function chunkRetainedBytes(c: CapturedChunk, o: RetainedOptions): number {
  if (c.kind === 'bytes') return CHUNK_BYTES + c.data.byteLength;
  if (c.kind === 'message')
    return CHUNK_BYTES + (c.message.data.length + c.message.event.length + c.message.lastEventId.length) * o.charBytes;
  return CHUNK_BYTES + valueBytes(c.event, o.charBytes, o.memo);
}

/** The wire material alone: what the stream's chunks hold, with their records. */
export function wireRetainedBytes(stream: StreamModel, o: RetainedOptions): number {
  let n = 0;
  for (const c of stream.chunks) n += chunkRetainedBytes(c, o);
  return n;
}

function callBytes(call: ToolCallModel, o: RetainedOptions): number {
  let n = CALL_BYTES + call.args.length * o.charBytes;
  n += call.deltas.length * DELTA_BYTES + call.segments.length * SEGMENT_BYTES;
  for (const r of call.results) n += RESULT_BYTES + valueBytes(r.content, o.charBytes, o.memo);
  return n;
}

/** A run's records and the decoded text it keeps beside the wire bytes. */
export function runRetainedBytes(run: RunModel, o: RetainedOptions): number {
  let n = RUN_BYTES;
  for (const m of run.messages) n += MESSAGE_BYTES + m.text.length * o.charBytes;
  for (const c of run.toolCalls) n += callBytes(c, o);
  for (const r of run.unmatchedResults ?? []) n += RESULT_BYTES + valueBytes(r.content, o.charBytes, o.memo);
  // A request input is the stream's (counted there); an echo is the run's own.
  if (run.input !== undefined && run.inputSource === 'echo') n += valueBytes(run.input.raw, o.charBytes, o.memo);
  if (run.outcome !== undefined) n += valueBytes(run.outcome, o.charBytes, o.memo);
  return n;
}

/**
 * The stream's own share (open record, wire, event index, payload cache, request input),
 * without its runs; `wire` when the caller keeps that sum as chunks arrive.
 */
export function streamOwnRetainedBytes(
  stream: StreamModel,
  o: RetainedOptions,
  wire = wireRetainedBytes(stream, o),
): number {
  const open = STREAM_BYTES + (stream.info.url.length + (stream.info.requestBody?.length ?? 0)) * o.charBytes;
  const index = stream.rawEvents.length * EVENT_BYTES;
  // Decoded payloads a view read recently: their strings, at most the wire they came from.
  const cache = Math.min(wire, PAYLOAD_CACHE_BYTES) * o.charBytes;
  const input = stream.requestInput !== undefined ? valueBytes(stream.requestInput.raw, o.charBytes, o.memo) : 0;
  return open + wire + index + cache + input;
}

/** Everything a stream keeps alive with the runs it carried: the upper-bound estimate. */
export function streamRetainedBytes(stream: StreamModel, runs: readonly RunModel[], o: RetainedOptions): number {
  let n = streamOwnRetainedBytes(stream, o);
  for (const run of runs) n += runRetainedBytes(run, o);
  return n;
}
