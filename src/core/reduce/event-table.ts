// A stream's events, kept once: the captured chunks hold the bytes, and each event is a
// byte range into them plus what decoding learnt (time, type, problems) in number arrays.
// (Plain arrays, not typed ones: in Chromium's V8 the typed-array version of addRaw cost
// ~0.5 µs an event, a tenth of a panel import; `npm run bench:core-chromium` shows it.)
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
// Recently read payloads: views read the same rows again on every render. Bounded by count
// and by the wire size of what they decode from (a few 1 MB events must not pin 512 MB);
// the latest read stays cached whatever its size.
const CACHE = 512;
export const PAYLOAD_CACHE_BYTES = 2 * 1024 * 1024;

interface SseFields {
  readonly sseEvent?: string;
  readonly sseId?: string;
}

export class EventTable {
  readonly raw: EventList<RawEvent>;
  readonly expanded: EventList<ExpandedEvent>;
  #rawCount = 0;
  readonly #starts: number[] = [];
  readonly #ends: number[] = [];
  readonly #times: number[] = [];
  readonly #types: number[] = [];
  readonly #typeNames: string[] = [];
  readonly #typeIds = new Map<string, number>();
  readonly #rareTypes = new Map<number, string>();
  readonly #problems = new Map<number, readonly EventProblem[]>();
  readonly #sse = new Map<number, SseFields>();
  #expandedCount = 0;
  readonly #expandedRaw: number[] = [];
  readonly #made = new Map<number, ExpandedEvent>();
  readonly #payloads = new Map<number, unknown>();
  readonly #payloadSizes = new Map<number, number>();
  #payloadBytes = 0;
  readonly #decoder = new TextDecoder();

  constructor(
    private readonly streamId: string,
    private readonly encoding: StreamEncoding,
    private readonly chunks: readonly CapturedChunk[],
    /** Stream offset of each bytes chunk's first byte, in chunk order. */
    private readonly chunkStarts: readonly number[],
  ) {
    const rawCount = (): number => this.#rawCount;
    const expandedCount = (): number => this.#expandedCount;
    this.raw = {
      get length() {
        return rawCount();
      },
      at: (i) => this.#rawAt(i < 0 ? this.#rawCount + i : i),
    };
    this.expanded = {
      get length() {
        return expandedCount();
      },
      at: (i) => this.#expandedAt(i < 0 ? this.#expandedCount + i : i),
    };
  }

  addRaw(raw: RawEvent): void {
    const i = this.#rawCount;
    if (raw.index !== i) throw new RangeError(`event #${raw.index} recorded as #${i}`);
    this.#starts.push(raw.span.start);
    this.#ends.push(raw.span.end);
    this.#times.push(raw.t);
    let id = this.#typeIds.get(raw.type);
    if (id === undefined && this.#typeNames.length < RARE_TYPE) {
      id = this.#typeNames.length;
      this.#typeNames.push(raw.type);
      this.#typeIds.set(raw.type, id);
    }
    // A stream inventing more type names than an id holds keeps the rest by event.
    if (id === undefined) this.#rareTypes.set(i, raw.type);
    this.#types.push(id ?? RARE_TYPE);
    if (raw.problems.length > 0) this.#problems.set(i, raw.problems);
    if (raw.sseEvent !== undefined || raw.sseId !== undefined) {
      this.#sse.set(i, {
        ...(raw.sseEvent !== undefined ? { sseEvent: raw.sseEvent } : {}),
        ...(raw.sseId !== undefined ? { sseId: raw.sseId } : {}),
      });
    }
    this.#rawCount = i + 1;
  }

  addExpanded(e: ExpandedEvent): void {
    const i = this.#expandedCount;
    this.#expandedRaw.push(e.raw.index);
    // A wire event passed through unchanged is rebuilt from the wire event when read.
    const passThrough =
      e.synthesized === undefined && e.closedBy === undefined && e.type === e.raw.type && e.payload === e.raw.payload;
    if (!passThrough) this.#made.set(i, e);
    this.#expandedCount = i + 1;
  }

  /** The arrival time of wire event i (no decoding). */
  timeAt(i: number): number | undefined {
    return i >= 0 && i < this.#rawCount ? this.#times[i] : undefined;
  }

  #rawAt(i: number): RawEvent | undefined {
    if (!(i >= 0 && i < this.#rawCount)) return undefined;
    const sse = this.#sse.get(i);
    const span = { start: this.#starts[i] as number, end: this.#ends[i] as number };
    const id = this.#types[i] as number;
    const type = id === RARE_TYPE ? (this.#rareTypes.get(i) ?? '') : (this.#typeNames[id] as string);
    return rawEvent(
      this.streamId,
      i,
      this.#times[i] as number,
      span,
      type,
      this.#payload(i, span),
      this.#problems.get(i) ?? NONE,
      sse?.sseEvent,
      sse?.sseId,
    );
  }

  #expandedAt(i: number): ExpandedEvent | undefined {
    if (!(i >= 0 && i < this.#expandedCount)) return undefined;
    const made = this.#made.get(i);
    if (made !== undefined) return made;
    const raw = this.#rawAt(this.#expandedRaw[i] as number);
    return raw === undefined
      ? undefined
      : { type: raw.type, payload: raw.payload as Readonly<Record<string, unknown>>, raw };
  }

  #payload(i: number, span: { readonly start: number; readonly end: number }): unknown {
    if (this.#payloads.has(i)) return this.#payloads.get(i);
    const value = this.#decode(i, span);
    const size = this.#wireSize(i, span);
    while (
      this.#payloads.size > 0 &&
      (this.#payloads.size >= CACHE || this.#payloadBytes + size > PAYLOAD_CACHE_BYTES)
    ) {
      const oldest = this.#payloads.keys().next().value as number;
      this.#payloads.delete(oldest);
      this.#payloadBytes -= this.#payloadSizes.get(oldest) ?? 0;
      this.#payloadSizes.delete(oldest);
    }
    this.#payloads.set(i, value);
    this.#payloadSizes.set(i, size);
    this.#payloadBytes += size;
    return value;
  }

  #wireSize(i: number, span: { readonly start: number; readonly end: number }): number {
    if (this.encoding === 'sse' || this.encoding === 'proto') return span.end - span.start;
    const chunk = this.chunks[i];
    return chunk?.kind === 'message' ? chunk.message.data.length : 64;
  }

  #decode(i: number, span: { readonly start: number; readonly end: number }): unknown {
    switch (this.encoding) {
      case 'events': {
        // One chunk per imported event, in order.
        const chunk = this.chunks[i];
        return chunk?.kind === 'event' ? decodeEventValue(chunk.event).payload : undefined;
      }
      case 'eventsource': {
        const chunk = this.chunks[i];
        return chunk?.kind === 'message' ? decodeEventPayload(chunk.message.data).payload : undefined;
      }
      case 'proto': {
        const bytes = this.#bytes(span.start, span.end);
        return bytes.length > 4 ? decodeProtoFrame(bytes.subarray(4)).payload : undefined;
      }
      case 'sse': {
        const data = frameData(this.#decoder.decode(this.#bytes(span.start, span.end)), i === 0);
        return data === undefined ? undefined : decodeEventPayload(data).payload;
      }
    }
  }

  /** Bytes [start, end) of the stream, gathered from the chunks that hold them. */
  #bytes(start: number, end: number): Uint8Array {
    const starts = this.chunkStarts;
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
      const chunk = this.#byteChunk(c);
      if (chunk === undefined) continue;
      const from = starts[c] as number;
      const piece = chunk.subarray(Math.max(0, at - from), Math.min(chunk.length, end - from));
      out.set(piece, at - start);
      at += piece.length;
    }
    return out;
  }

  #byteChunk(c: number): Uint8Array | undefined {
    // chunkStarts counts bytes chunks only; in sse/proto streams every chunk is bytes.
    const chunk = this.chunks[c];
    return chunk?.kind === 'bytes' ? chunk.data : undefined;
  }
}
