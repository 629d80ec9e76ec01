// A stream's events, kept once: the captured chunks hold the bytes, and each event is a
// byte range into them plus what decoding learnt (time, type, problems) in number arrays.
// (Plain arrays, not typed ones: in Chromium's V8 the typed-array version of addRaw cost
// ~0.5 µs an event, a tenth of a panel import; `npm run bench:core-chromium` shows it.)
// The arrays come in blocks of BLOCK events: in Node 20's V8 an event's four pushes onto
// arrays past ~20k elements cost ~280 ns against ~15 ns onto small ones, which made addRaw a
// tenth of the CLI's time on a 100k-event stream (`npx tsx bench/run.ts bench/columns.ts`).
// Payloads are not kept: reading an event decodes it again from its bytes (or from the
// message or imported event that is its chunk), so a session costs its wire bytes and a
// few dozen bytes per event. Expanded events that merely pass a wire event through are
// an index; only the ones chunk expansion made up are kept as records.
import type { StreamEncoding } from '../capture.js';
import type { EventProblem, ExpandedEvent, RawEvent } from '../events/types.js';
import { decodeEventPayload, decodeEventValue, rawEvent } from '../events/decode.js';
import { decodeProtoFrame } from '../framing/proto.js';
import { frameData } from '../framing/sse-frame.js';
import type { CapturedChunk, EventList } from '../model/types.js';

const NONE: readonly EventProblem[] = Object.freeze([]);
const RARE_TYPE = 0xffff;
const BLOCK_BITS = 12;
/** Events per block: every array stays small, and a block's arrays grow together. */
export const BLOCK = 1 << BLOCK_BITS;
const IN_BLOCK = BLOCK - 1;

/** BLOCK wire events' byte ranges, arrival times and type ids, by position in the block. */
interface RawBlock {
  readonly starts: number[];
  readonly ends: number[];
  readonly times: number[];
  readonly types: number[];
}

const newRawBlock = (): RawBlock => ({ starts: [], ends: [], times: [], types: [] });
// Recently read payloads: views read the same rows again on every render. Bounded by count
// and by the wire size of what they decode from (a few 1 MB events must not pin 512 MB);
// the latest read stays cached whatever its size.
const CACHE = 512;
export const PAYLOAD_CACHE_BYTES = 2 * 1024 * 1024;

interface SseFields {
  readonly sseEvent: string | undefined;
  readonly sseId: string | undefined;
}

/**
 * A stream's events. An object literal with module-level functions as its methods, not a
 * class: rule 1 of docs/performance.md, "The core's performance rules".
 */
export interface EventTable {
  readonly raw: EventList<RawEvent>;
  readonly expanded: EventList<ExpandedEvent>;
  addRaw(raw: RawEvent): void;
  addExpanded(e: ExpandedEvent): void;
  /** The arrival time of wire event i (no decoding). */
  timeAt(i: number): number | undefined;
}

/**
 * `stream.rawEvents` / `.expanded`: a count and the table, with a module-level `at` (not a
 * getter and an arrow per table: rule 1 of docs/performance.md, "The core's performance
 * rules"). `table` is set once,
 * right after the table is built (the two point at each other).
 */
interface TableList<T> extends EventList<T> {
  length: number;
  table: Table | undefined;
}

interface Table extends EventTable {
  readonly raw: TableList<RawEvent>;
  readonly expanded: TableList<ExpandedEvent>;
  readonly streamId: string;
  readonly encoding: StreamEncoding;
  readonly chunks: readonly CapturedChunk[];
  /** Stream offset of each bytes chunk's first byte, in chunk order. */
  readonly chunkStarts: readonly number[];
  readonly rawBlocks: RawBlock[];
  rawLast: RawBlock;
  readonly typeNames: string[];
  readonly typeIds: Map<string, number>;
  readonly rareTypes: Map<number, string>;
  readonly problems: Map<number, readonly EventProblem[]>;
  readonly sse: Map<number, SseFields>;
  /** The wire event each expanded event comes from, in blocks of BLOCK. */
  readonly expandedRaw: number[][];
  expandedLast: number[];
  readonly made: Map<number, ExpandedEvent>;
  readonly payloads: Map<number, unknown>;
  readonly payloadSizes: Map<number, number>;
  payloadBytes: number;
  readonly decoder: TextDecoder;
}

function addRaw(this: Table, raw: RawEvent): void {
  const i = this.raw.length;
  if (raw.index !== i) throw new RangeError(`event #${raw.index} recorded as #${i}`);
  let b = this.rawLast;
  if (b.starts.length === BLOCK) {
    b = newRawBlock();
    this.rawBlocks.push(b);
    this.rawLast = b;
  }
  b.starts.push(raw.span.start);
  b.ends.push(raw.span.end);
  b.times.push(raw.t);
  let id = this.typeIds.get(raw.type);
  if (id === undefined && this.typeNames.length < RARE_TYPE) {
    id = this.typeNames.length;
    this.typeNames.push(raw.type);
    this.typeIds.set(raw.type, id);
  }
  // A stream inventing more type names than an id holds keeps the rest by event.
  if (id === undefined) this.rareTypes.set(i, raw.type);
  b.types.push(id ?? RARE_TYPE);
  if (raw.problems.length > 0) this.problems.set(i, raw.problems);
  if (raw.sseEvent !== undefined || raw.sseId !== undefined) {
    this.sse.set(i, { sseEvent: raw.sseEvent, sseId: raw.sseId });
  }
  this.raw.length = i + 1;
}

function addExpanded(this: Table, e: ExpandedEvent): void {
  const i = this.expanded.length;
  let b = this.expandedLast;
  if (b.length === BLOCK) {
    b = [];
    this.expandedRaw.push(b);
    this.expandedLast = b;
  }
  b.push(e.raw.index);
  // A wire event passed through unchanged is rebuilt from the wire event when read.
  const passThrough =
    e.synthesized === undefined && e.closedBy === undefined && e.type === e.raw.type && e.payload === e.raw.payload;
  if (!passThrough) this.made.set(i, e);
  this.expanded.length = i + 1;
}

function timeAt(this: Table, i: number): number | undefined {
  return i >= 0 && i < this.raw.length ? this.rawBlocks[i >>> BLOCK_BITS]?.times[i & IN_BLOCK] : undefined;
}

function rawAt(t: Table, i: number): RawEvent | undefined {
  if (!(i >= 0 && i < t.raw.length)) return undefined;
  const sse = t.sse.get(i);
  const b = t.rawBlocks[i >>> BLOCK_BITS] as RawBlock;
  const k = i & IN_BLOCK;
  const span = { start: b.starts[k] as number, end: b.ends[k] as number };
  const id = b.types[k] as number;
  const type = id === RARE_TYPE ? (t.rareTypes.get(i) ?? '') : (t.typeNames[id] as string);
  return rawEvent(
    t.streamId,
    i,
    b.times[k] as number,
    span,
    type,
    payloadOf(t, i, span),
    t.problems.get(i) ?? NONE,
    sse?.sseEvent,
    sse?.sseId,
  );
}

function rawListAt(this: TableList<RawEvent>, i: number): RawEvent | undefined {
  return rawAt(this.table as Table, i < 0 ? this.length + i : i);
}

function expandedListAt(this: TableList<ExpandedEvent>, i: number): ExpandedEvent | undefined {
  return expandedAt(this.table as Table, i < 0 ? this.length + i : i);
}

function expandedAt(t: Table, i: number): ExpandedEvent | undefined {
  if (!(i >= 0 && i < t.expanded.length)) return undefined;
  const made = t.made.get(i);
  if (made !== undefined) return made;
  const raw = rawAt(t, t.expandedRaw[i >>> BLOCK_BITS]?.[i & IN_BLOCK] as number);
  return raw === undefined
    ? undefined
    : { type: raw.type, payload: raw.payload as Readonly<Record<string, unknown>>, raw };
}

function payloadOf(t: Table, i: number, span: { readonly start: number; readonly end: number }): unknown {
  if (t.payloads.has(i)) return t.payloads.get(i);
  const value = decodeAt(t, i, span);
  const size = wireSize(t, i, span);
  while (t.payloads.size > 0 && (t.payloads.size >= CACHE || t.payloadBytes + size > PAYLOAD_CACHE_BYTES)) {
    const oldest = t.payloads.keys().next().value as number;
    t.payloads.delete(oldest);
    t.payloadBytes -= t.payloadSizes.get(oldest) ?? 0;
    t.payloadSizes.delete(oldest);
  }
  t.payloads.set(i, value);
  t.payloadSizes.set(i, size);
  t.payloadBytes += size;
  return value;
}

function wireSize(t: Table, i: number, span: { readonly start: number; readonly end: number }): number {
  if (t.encoding === 'sse' || t.encoding === 'proto') return span.end - span.start;
  const chunk = t.chunks[i];
  return chunk?.kind === 'message' ? chunk.message.data.length : 64;
}

function decodeAt(t: Table, i: number, span: { readonly start: number; readonly end: number }): unknown {
  switch (t.encoding) {
    case 'events': {
      // One chunk per imported event, in order.
      const chunk = t.chunks[i];
      return chunk?.kind === 'event' ? decodeEventValue(chunk.event).payload : undefined;
    }
    case 'eventsource': {
      const chunk = t.chunks[i];
      return chunk?.kind === 'message' ? decodeEventPayload(chunk.message.data).payload : undefined;
    }
    case 'proto': {
      const bytes = bytesOf(t, span.start, span.end);
      return bytes.length > 4 ? decodeProtoFrame(bytes.subarray(4)).payload : undefined;
    }
    case 'sse': {
      const data = frameData(t.decoder.decode(bytesOf(t, span.start, span.end)), i === 0);
      return data === undefined ? undefined : decodeEventPayload(data).payload;
    }
  }
}

/** Bytes [start, end) of the stream, gathered from the chunks that hold them. */
function bytesOf(t: Table, start: number, end: number): Uint8Array {
  const starts = t.chunkStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= start) lo = mid;
    else hi = mid - 1;
  }
  const out = new Uint8Array(Math.max(0, end - start));
  let at = start;
  for (let c = lo; c < starts.length && at < end; c++) {
    const chunk = byteChunk(t, c);
    if (chunk === undefined) continue;
    const from = starts[c] as number;
    const piece = chunk.subarray(Math.max(0, at - from), Math.min(chunk.length, end - from));
    out.set(piece, at - start);
    at += piece.length;
  }
  return out;
}

function byteChunk(t: Table, c: number): Uint8Array | undefined {
  // chunkStarts counts bytes chunks only; in sse/proto streams every chunk is bytes.
  const chunk = t.chunks[c];
  return chunk?.kind === 'bytes' ? chunk.data : undefined;
}

export function createEventTable(
  streamId: string,
  encoding: StreamEncoding,
  chunks: readonly CapturedChunk[],
  chunkStarts: readonly number[],
): EventTable {
  const firstRaw = newRawBlock();
  const firstExpanded: number[] = [];
  const table: Table = {
    raw: { length: 0, table: undefined, at: rawListAt },
    expanded: { length: 0, table: undefined, at: expandedListAt },
    streamId,
    encoding,
    chunks,
    chunkStarts,
    rawBlocks: [firstRaw],
    rawLast: firstRaw,
    typeNames: [],
    typeIds: new Map(),
    rareTypes: new Map(),
    problems: new Map(),
    sse: new Map(),
    expandedRaw: [firstExpanded],
    expandedLast: firstExpanded,
    made: new Map(),
    payloads: new Map(),
    payloadSizes: new Map(),
    payloadBytes: 0,
    decoder: new TextDecoder(),
    addRaw,
    addExpanded,
    timeAt,
  };
  table.raw.table = table;
  table.expanded.table = table;
  return table;
}
