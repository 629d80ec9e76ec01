// SSE framing with exact byte spans. eventsource-parser owns the field grammar
// (data/event/id/retry, comments, the optional space); this file owns what the
// parser cannot tell us: where each frame lies in the byte stream. A light byte
// scanner finds line terminators and blank lines; each frame's text is decoded and fed
// to the parser in one piece ending at its blank line, so the parser dispatches
// synchronously exactly then and the dispatch is pinned to that blank line's bytes.
// (Feeding whole frames, not lines, is what keeps framing cheap: one decode and one
// feed per event. bench/sse-parser.bench.ts measures the parser against a minimal one.)
import { createParser, type EventSourceMessage, type EventSourceParser } from 'eventsource-parser';
import type { EventProblem, RawEvent } from '../events/types.js';
import { decodeEventPayload, rawEvent, rawEventFromText } from '../events/decode.js';
import type { FrameDecoder } from './types.js';
import type { LineEnding } from '../model/types.js';
import { LINE_ENDING_BIT, lineEndingOf, type LineEndingKind } from './line-endings.js';
import { singleDataLine, singleDataLineIn } from './sse-fast.js';
import { noteDrops, takeDropped, type DropState, type DroppedSse } from './sse-drops.js';
import { INVALID_UTF8, hasInvalidUtf8 } from './sse-utf8.js';

const LF = 0x0a;
const CR = 0x0d;

/** Kept with the event: the panel says the body stopped short, the rules make it a notice. */
const UNTERMINATED: EventProblem = {
  kind: 'truncated-frame',
  message:
    'the body ended before the blank line that closes this event; decoded anyway (the reference client also parses the tail)',
};

const STREAM: TextDecodeOptions = { stream: true };

interface Held {
  readonly data: string;
  readonly event: string | undefined;
  readonly id: string | undefined;
  readonly start: number;
  end: number;
  t: number;
}

/** Next LF or CR in bytes[from..]; `anyCR` false lets the native indexOf do the scan. */
function nextTerminator(bytes: Uint8Array, from: number, anyCR: boolean): number {
  if (!anyCR) return bytes.indexOf(LF, from);
  for (let i = from; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === LF || b === CR) return i;
  }
  return -1;
}

/** The next line end at or after `from`: in the text when the chunk is ASCII (see push). */
function nextLineEnd(text: string, bytes: Uint8Array, from: number, ascii: boolean, anyCR: boolean): number {
  return ascii ? text.indexOf('\n', from) : nextTerminator(bytes, from, anyCR);
}

/**
 * One stream's framing state. The decoder is this object literal and its methods are the
 * module-level functions below, called on it, not closures per decoder: rule 1 of
 * docs/performance.md, "The core's performance rules".
 */
interface SseDecoder extends FrameDecoder, DropState {
  readonly streamId: string;
  // Not fatal: invalid UTF-8 becomes U+FFFD, as in a browser's EventSource. One
  // streaming decoder sees every byte in order (except an LF completing a CRLF whose CR
  // ended the previous chunk: after an ASCII byte the decoder holds no state, so skipping
  // it changes nothing), so a sequence cut off by a terminator becomes U+FFFD before it.
  readonly decoder: TextDecoder;
  /** Decodes a whole chunk when that is exact (see decodeChunk); keeps a U+FEFF as text. */
  readonly wholeDecoder: TextDecoder;
  /** What the parser dispatched during the last feed (its onEvent sets it). */
  dispatched: EventSourceMessage | undefined;
  readonly parser: EventSourceParser;
  /** Line-ending kinds seen (LINE_ENDING_BIT); lineEnding says what they make. */
  endingBits: number;
  lineEnding: LineEnding;
  /** Bytes consumed before the current chunk. */
  bytes: number;
  /** First byte of the current block (after the last blank line). */
  frameStart: number;
  /** First byte of the current line. */
  lineStart: number;
  /** Decoded text of the current block not yet fed to the parser. */
  pending: string;
  // A CR ended the previous chunk: only the next byte tells CR from CRLF, and so
  // whether the frame's last byte is the CR or the LF after it.
  pendingCR: boolean;
  crLineBlank: boolean;
  held: Held | undefined;
  parserFresh: boolean;
  /** The chunk being decoded, and whether it holds bytes that are not UTF-8 (asked lazily). */
  chunk: Uint8Array;
  chunkInvalid: boolean | undefined;
  // The decoder holds no bytes of a character begun in an earlier chunk: an ASCII byte
  // ends whatever sequence was open (as itself, or as U+FFFD and itself).
  clean: boolean;
  nextIndex: number;
  ended: boolean;
  // The `event:` and `id:` fields of what feedBlock last dispatched (no record per frame).
  fedEvent: string | undefined;
  fedId: string | undefined;
  // What the client's parser discards (sse-drops.ts).
  unknownLines: string[] | undefined;
  dataless: string | undefined;
  dropped: DroppedSse[];
}

function see(d: SseDecoder, ending: LineEndingKind): void {
  const bits = d.endingBits | LINE_ENDING_BIT[ending];
  if (bits === d.endingBits) return;
  d.endingBits = bits;
  d.lineEnding = lineEndingOf(bits);
}

function chunkHasInvalidUtf8(d: SseDecoder): boolean {
  return (d.chunkInvalid ??= hasInvalidUtf8(d.chunk));
}

/** The frame's own bytes when the current chunk holds them all, else the chunk's. */
function frameHasInvalidUtf8(d: SseDecoder, start: number, end: number): boolean {
  const total = d.bytes;
  return start >= total && end - total <= d.chunk.length
    ? hasInvalidUtf8(d.chunk.subarray(start - total, end - total))
    : chunkHasInvalidUtf8(d);
}

function emit(
  d: SseDecoder,
  out: RawEvent[],
  data: string,
  event: string | undefined,
  id: string | undefined,
  start: number,
  end: number,
  t: number,
  unterminated = false,
): void {
  const invalid = data.includes('\uFFFD') && frameHasInvalidUtf8(d, start, end);
  if (!unterminated && !invalid) {
    out.push(rawEventFromText(d.streamId, d.nextIndex++, t, { start, end }, data, event, id));
    return;
  }
  const decoded = decodeEventPayload(data);
  let problems = unterminated ? [...decoded.problems, UNTERMINATED] : decoded.problems;
  if (invalid) problems = [...problems, INVALID_UTF8];
  out.push(rawEvent(d.streamId, d.nextIndex++, t, { start, end }, decoded.type, decoded.payload, problems, event, id));
}

function releaseHeld(d: SseDecoder, out: RawEvent[]): void {
  const held = d.held;
  if (held === undefined) return;
  emit(d, out, held.data, held.event, held.id, held.start, held.end, held.t);
  d.held = undefined;
}

/** Feeds a block's text (ending in a line terminator) and returns the data it dispatched. */
function feedBlock(d: SseDecoder, text: string): string | undefined {
  // Nearly every AG-UI frame is one `data:` line and a blank line: read it directly
  // (bench/sse-parser.bench.ts); anything else takes the parser. The parser still sees
  // the stream's first piece of text so that only a leading BOM is stripped, as it does.
  const single = singleDataLine(text);
  if (single !== undefined) {
    if (d.parserFresh) {
      d.parserFresh = false;
      d.parser.feed('');
    }
    d.fedEvent = undefined;
    d.fedId = undefined;
    return single;
  }
  d.parserFresh = false;
  // A trailing CR would make the parser wait for a possible LF; "\r\n" is one line end.
  d.parser.feed(text.charCodeAt(text.length - 1) === CR ? `${text}\n` : text);
  const msg = d.dispatched;
  d.dispatched = undefined;
  if (msg === undefined) d.dataless = text;
  d.fedEvent = msg?.event;
  d.fedId = msg?.id;
  return msg?.data;
}

/**
 * feedBlock for the block `text[from, to)`. A chunk with no CR whose block began in it
 * is read in place when it is a single `data:` line (no block string is made).
 */
function feedRange(d: SseDecoder, text: string, from: number, to: number, anyCR: boolean): string | undefined {
  if (!anyCR && d.pending === '' && !d.parserFresh) {
    const single = singleDataLineIn(text, from, to);
    if (single !== undefined) {
      d.fedEvent = undefined;
      d.fedId = undefined;
      return single;
    }
  }
  return feedBlock(d, d.pending + text.slice(from, to));
}

/**
 * A chunk's text. Node's TextDecoder is 2–4x faster on a whole buffer than streaming (one
 * event: ~190 against ~410 ns), and decoding this chunk whole gives the same text when the
 * streaming decoder holds no part of a character (the previous chunk ended in ASCII), has
 * already seen the stream's first bytes (so no BOM is stripped here) and would keep none of
 * this chunk (it ends in ASCII). The streaming decoder's state is then the same either way.
 */
function decodeChunk(d: SseDecoder, bytes: Uint8Array): string {
  return d.clean && d.bytes > 0 && (bytes[bytes.length - 1] as number) < 0x80
    ? d.wholeDecoder.decode(bytes)
    : d.decoder.decode(bytes, STREAM);
}

function resolvePendingCR(d: SseDecoder, out: RawEvent[], bytes: Uint8Array, t: number): number {
  d.pendingCR = false;
  let skip = 0;
  if (bytes[0] === LF) {
    see(d, 'crlf');
    skip = 1;
    // The CR ended a field line still pending: keep its LF with it, or a blank LF line
    // right after would join the CR into one CRLF in the parser and vanish.
    if (!d.crLineBlank) d.pending += '\n';
    d.lineStart = d.bytes + 1;
    if (d.crLineBlank) d.frameStart = d.bytes + 1;
    const held = d.held;
    if (held !== undefined) {
      held.end = d.bytes + 1;
      held.t = t;
    }
  } else {
    see(d, 'cr');
  }
  releaseHeld(d, out);
  return skip;
}

function push(this: SseDecoder, bytes: Uint8Array, t: number): RawEvent[] {
  return pushBytes(this, bytes, t);
}

function pushBytes(d: SseDecoder, bytes: Uint8Array, t: number): RawEvent[] {
  const out: RawEvent[] = [];
  if (d.ended || bytes.length === 0) return out;
  const n = bytes.length;
  const total = d.bytes;
  d.chunk = bytes;
  d.chunkInvalid = undefined;
  const hadPendingCR = d.pendingCR;
  const from = hadPendingCR ? resolvePendingCR(d, out, bytes, t) : 0;
  // One decode per chunk. Terminator bytes decode to the same characters and nothing
  // else decodes to them, so the k-th terminator byte is the k-th terminator character,
  // found with indexOf. (Not by length: characters completed from the previous chunk
  // and bytes held back for the next can make a non-ASCII chunk's length match.)
  // (No subarray when nothing is skipped: a view per chunk costs as much as a small decode.)
  const text = from === 0 ? decodeChunk(d, bytes) : from < n ? d.decoder.decode(bytes.subarray(from), STREAM) : '';
  // A CR byte always decodes to a CR character (it is ASCII: no decoder holds it back), and
  // the text's indexOf is ~10x faster than a Uint8Array's (bytes[0] is an LF when skipped).
  const anyCR = hadPendingCR || text.indexOf('\r') !== -1;
  let textFrom = 0; // first character not yet taken into a block
  let charEnd = 0; // just past the last terminator character seen
  let i = from;
  // All ASCII (as many characters as bytes, nothing carried in, no U+FFFD: every
  // multi-byte character or held-back byte makes the text shorter, every invalid byte a
  // U+FFFD) and no CR: the k-th byte is the k-th character, so terminators are found in
  // the text alone, one scan per line instead of a byte scan and a text scan.
  const ascii = !anyCR && from === 0 && d.clean && text.length === n && text.indexOf('\uFFFD') === -1;
  for (let j = nextLineEnd(text, bytes, i, ascii, anyCR); j !== -1; j = nextLineEnd(text, bytes, i, ascii, anyCR)) {
    const pos = total + j;
    const blank = pos === d.lineStart;
    let size = 1;
    let atChunkEnd = false;
    if (bytes[j] === LF) {
      if (d.endingBits !== LINE_ENDING_BIT.lf) see(d, 'lf');
    } else if (j + 1 < n) {
      if (bytes[j + 1] === LF) size = 2;
      see(d, size === 2 ? 'crlf' : 'cr');
    } else {
      atChunkEnd = true;
      d.crLineBlank = blank;
      d.pendingCR = true;
    }
    i = j + size;
    d.lineStart = total + i;
    charEnd = ascii ? j + 1 : text.indexOf(bytes[j] === LF ? '\n' : '\r', charEnd) + size;
    if (!blank) continue;
    const textEnd = charEnd;
    const data = feedRange(d, text, textFrom, textEnd, anyCR);
    d.pending = '';
    textFrom = textEnd;
    const start = d.frameStart;
    d.frameStart = total + i;
    if (data === undefined || d.unknownLines !== undefined) noteDrops(d, data, start, total + i, t);
    if (data === undefined) continue; // a block of comments or other fields only
    if (atChunkEnd) d.held = { data, event: d.fedEvent, id: d.fedId, start, end: total + i, t };
    else emit(d, out, data, d.fedEvent, d.fedId, start, total + i, t);
  }
  if (textFrom < text.length) d.pending += text.slice(textFrom);
  d.clean = (bytes[n - 1] as number) < 0x80;
  d.bytes = total + n;
  return out;
}

/**
 * Where the bytes this decoder may still report an event over begin (the frame not yet
 * complete, or an event held for a CR): a caller keeping the body's bytes for the events'
 * spans may let go of everything before it (a long run of comments is not kept).
 */
export function sseKeptFrom(decoder: FrameDecoder): number {
  const d = decoder as SseDecoder;
  return Math.min(d.frameStart, d.held?.start ?? Infinity);
}

function end(this: SseDecoder, t: number): RawEvent[] {
  return endBody(this, t);
}

function endBody(d: SseDecoder, t: number): RawEvent[] {
  const out: RawEvent[] = [];
  if (d.ended) return out;
  d.ended = true;
  if (d.pendingCR) {
    d.pendingCR = false;
    see(d, 'cr');
    releaseHeld(d, out);
  }
  const tail = d.decoder.decode();
  let text = d.pending + tail;
  d.pending = '';
  // End the last line if it stopped short; a text ending in CR gets its "\n" in feedBlock.
  if ((d.lineStart < d.bytes || tail !== '') && text.charCodeAt(text.length - 1) !== CR) text += '\n';
  d.lineStart = d.bytes;
  // eventsource-parser dispatches only on a blank line; a body that stopped without
  // one still delivered its last frame as far as the inspector is concerned.
  const data =
    text === '' ? undefined : feedBlock(d, text.charCodeAt(text.length - 1) === CR ? `${text}\n\n` : `${text}\n`);
  if (data === undefined || d.unknownLines !== undefined) noteDrops(d, data, d.frameStart, d.bytes, t);
  if (data !== undefined) emit(d, out, data, d.fedEvent, d.fedId, d.frameStart, d.bytes, t, true);
  d.frameStart = d.bytes;
  return out;
}

export function createSseDecoder(streamId: string): FrameDecoder {
  const d: SseDecoder = {
    streamId,
    decoder: new TextDecoder('utf-8'),
    wholeDecoder: new TextDecoder('utf-8', { ignoreBOM: true }),
    dispatched: undefined,
    parser: createParser({
      onEvent: (msg) => void (d.dispatched ??= msg),
      onError: (error) => {
        if (error.type === 'unknown-field') (d.unknownLines ??= []).push(error.line ?? error.field ?? '');
      },
    }),
    endingBits: 0,
    lineEnding: lineEndingOf(0),
    bytes: 0,
    frameStart: 0,
    lineStart: 0,
    pending: '',
    pendingCR: false,
    crLineBlank: false,
    held: undefined,
    parserFresh: true,
    chunk: new Uint8Array(0),
    chunkInvalid: undefined,
    clean: true,
    nextIndex: 0,
    ended: false,
    fedEvent: undefined,
    fedId: undefined,
    unknownLines: undefined,
    dataless: undefined,
    dropped: [],
    push,
    end,
    takeDropped,
  };
  return d;
}
