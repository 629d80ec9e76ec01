// SSE framing with exact byte spans. eventsource-parser owns the field grammar
// (data/event/id/retry, comments, the optional space); this file owns what the
// parser cannot tell us: where each frame lies in the byte stream. A light byte
// scanner finds line terminators and blank lines; each frame's text is decoded and fed
// to the parser in one piece ending at its blank line, so the parser dispatches
// synchronously exactly then and the dispatch is pinned to that blank line's bytes.
// (Feeding whole frames, not lines, is what keeps framing cheap: one decode and one
// feed per event. bench/sse-parser.bench.ts measures the parser against a minimal one.)
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { EventProblem, RawEvent } from '../events/types.js';
import { decodeEventPayload, rawEvent, rawEventFromText } from '../events/decode.js';
import type { FrameDecoder } from './types.js';
import { createLineEndingTracker } from './line-endings.js';
import { singleDataLine, singleDataLineIn } from './sse-fast.js';

const LF = 0x0a;
const CR = 0x0d;

/** Kept with the event: the panel says the body stopped short, the rules make it a notice. */
const UNTERMINATED: EventProblem = {
  kind: 'truncated-frame',
  message:
    'the body ended before the blank line that closes this event; decoded anyway (the reference client also parses the tail)',
};

const STREAM: TextDecodeOptions = { stream: true };

const INVALID_UTF8: EventProblem = {
  kind: 'invalid-utf8',
  message:
    'bytes of this event are not UTF-8; they read as U+FFFD (as in every EventSource) and the rest of the body is still read',
};

/**
 * Whether a chunk holds bytes that are not UTF-8. Asked only when its text shows U+FFFD
 * (which a producer may also send on purpose). Continuation bytes at the start belong to a
 * character the previous chunk began, and a character cut at the end goes on in the next.
 */
function hasInvalidUtf8(bytes: Uint8Array): boolean {
  let from = 0;
  while (from < 3 && from < bytes.length && ((bytes[from] as number) & 0xc0) === 0x80) from++;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(from), STREAM);
    return false;
  } catch {
    return true;
  }
}

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

export function createSseDecoder(streamId: string): FrameDecoder {
  // Not fatal: invalid UTF-8 becomes U+FFFD, as in a browser's EventSource. One
  // streaming decoder sees every byte in order (except an LF completing a CRLF whose CR
  // ended the previous chunk: after an ASCII byte the decoder holds no state, so skipping
  // it changes nothing), so a sequence cut off by a terminator becomes U+FFFD before it.
  const decoder = new TextDecoder('utf-8');
  let dispatched: EventSourceMessage | undefined;
  const parser = createParser({ onEvent: (msg) => void (dispatched ??= msg) });
  const endings = createLineEndingTracker();
  let total = 0; // bytes consumed before the current chunk
  let frameStart = 0; // first byte of the current block (after the last blank line)
  let lineStart = 0; // first byte of the current line
  let pending = ''; // decoded text of the current block not yet fed to the parser
  // A CR ended the previous chunk: only the next byte tells CR from CRLF, and so
  // whether the frame's last byte is the CR or the LF after it.
  let pendingCR = false;
  let crLineBlank = false;
  let held: Held | undefined;
  let parserFresh = true;
  // The chunk being decoded, and whether it holds bytes that are not UTF-8 (asked lazily).
  let chunk: Uint8Array = new Uint8Array(0);
  let chunkInvalid: boolean | undefined;
  // The decoder holds no bytes of a character begun in an earlier chunk: an ASCII byte
  // ends whatever sequence was open (as itself, or as U+FFFD and itself).
  let clean = true;
  const chunkHasInvalidUtf8 = (): boolean => (chunkInvalid ??= hasInvalidUtf8(chunk));
  /** The frame's own bytes when the current chunk holds them all, else the chunk's. */
  const frameHasInvalidUtf8 = (start: number, end: number): boolean =>
    start >= total && end - total <= chunk.length
      ? hasInvalidUtf8(chunk.subarray(start - total, end - total))
      : chunkHasInvalidUtf8();
  let nextIndex = 0;
  let ended = false;

  function emit(
    out: RawEvent[],
    data: string,
    event: string | undefined,
    id: string | undefined,
    start: number,
    end: number,
    t: number,
    unterminated = false,
  ): void {
    const invalid = data.includes('\uFFFD') && frameHasInvalidUtf8(start, end);
    if (!unterminated && !invalid) {
      out.push(rawEventFromText(streamId, nextIndex++, t, { start, end }, data, event, id));
      return;
    }
    const decoded = decodeEventPayload(data);
    let problems = unterminated ? [...decoded.problems, UNTERMINATED] : decoded.problems;
    if (invalid) problems = [...problems, INVALID_UTF8];
    out.push(rawEvent(streamId, nextIndex++, t, { start, end }, decoded.type, decoded.payload, problems, event, id));
  }

  function releaseHeld(out: RawEvent[]): void {
    if (held === undefined) return;
    emit(out, held.data, held.event, held.id, held.start, held.end, held.t);
    held = undefined;
  }

  // The `event:` and `id:` fields of what feedBlock last dispatched (no record per frame).
  let fedEvent: string | undefined;
  let fedId: string | undefined;

  /** Feeds a block's text (ending in a line terminator) and returns the data it dispatched. */
  function feedBlock(text: string): string | undefined {
    // Nearly every AG-UI frame is one `data:` line and a blank line: read it directly
    // (bench/sse-parser.bench.ts); anything else takes the parser. The parser still sees
    // the stream's first piece of text so that only a leading BOM is stripped, as it does.
    const single = singleDataLine(text);
    if (single !== undefined) {
      if (parserFresh) {
        parserFresh = false;
        parser.feed('');
      }
      fedEvent = undefined;
      fedId = undefined;
      return single;
    }
    parserFresh = false;
    // A trailing CR would make the parser wait for a possible LF; "\r\n" is one line end.
    parser.feed(text.charCodeAt(text.length - 1) === CR ? `${text}\n` : text);
    const msg = dispatched;
    dispatched = undefined;
    fedEvent = msg?.event;
    fedId = msg?.id;
    return msg?.data;
  }

  /**
   * feedBlock for the block `text[from, to)`. A chunk with no CR whose block began in it
   * is read in place when it is a single `data:` line (no block string is made).
   */
  function feedRange(text: string, from: number, to: number, anyCR: boolean): string | undefined {
    if (!anyCR && pending === '' && !parserFresh) {
      const single = singleDataLineIn(text, from, to);
      if (single !== undefined) {
        fedEvent = undefined;
        fedId = undefined;
        return single;
      }
    }
    return feedBlock(pending + text.slice(from, to));
  }

  function resolvePendingCR(out: RawEvent[], bytes: Uint8Array, t: number): number {
    pendingCR = false;
    let skip = 0;
    if (bytes[0] === LF) {
      endings.see('crlf');
      skip = 1;
      // The CR ended a field line still pending: keep its LF with it, or a blank LF line
      // right after would join the CR into one CRLF in the parser and vanish.
      if (!crLineBlank) pending += '\n';
      lineStart = total + 1;
      if (crLineBlank) frameStart = total + 1;
      if (held !== undefined) {
        held.end = total + 1;
        held.t = t;
      }
    } else {
      endings.see('cr');
    }
    releaseHeld(out);
    return skip;
  }

  function push(bytes: Uint8Array, t: number): RawEvent[] {
    const out: RawEvent[] = [];
    if (ended || bytes.length === 0) return out;
    const n = bytes.length;
    chunk = bytes;
    chunkInvalid = undefined;
    const anyCR = pendingCR || bytes.indexOf(CR) !== -1;
    const from = pendingCR ? resolvePendingCR(out, bytes, t) : 0;
    // One decode per chunk. Terminator bytes decode to the same characters and nothing
    // else decodes to them, so the k-th terminator byte is the k-th terminator character,
    // found with indexOf. (Not by length: characters completed from the previous chunk
    // and bytes held back for the next can make a non-ASCII chunk's length match.)
    // (No subarray when nothing is skipped: a view per chunk costs as much as a small decode.)
    const text =
      from === 0 ? decoder.decode(bytes, STREAM) : from < n ? decoder.decode(bytes.subarray(from), STREAM) : '';
    let textFrom = 0; // first character not yet taken into a block
    let charEnd = 0; // just past the last terminator character seen
    let i = from;
    // All ASCII (as many characters as bytes, nothing carried in, no U+FFFD: every
    // multi-byte character or held-back byte makes the text shorter, every invalid byte a
    // U+FFFD) and no CR: the k-th byte is the k-th character, so terminators are found in
    // the text alone, one scan per line instead of a byte scan and a text scan.
    const ascii = !anyCR && from === 0 && clean && text.length === n && text.indexOf('\uFFFD') === -1;
    for (let j = nextLineEnd(text, bytes, i, ascii, anyCR); j !== -1; j = nextLineEnd(text, bytes, i, ascii, anyCR)) {
      const pos = total + j;
      const blank = pos === lineStart;
      let size = 1;
      let atChunkEnd = false;
      if (bytes[j] === LF) endings.see('lf');
      else if (j + 1 < n) {
        if (bytes[j + 1] === LF) size = 2;
        endings.see(size === 2 ? 'crlf' : 'cr');
      } else {
        atChunkEnd = true;
        crLineBlank = blank;
        pendingCR = true;
      }
      i = j + size;
      lineStart = total + i;
      charEnd = ascii ? j + 1 : text.indexOf(bytes[j] === LF ? '\n' : '\r', charEnd) + size;
      if (!blank) continue;
      const textEnd = charEnd;
      const data = feedRange(text, textFrom, textEnd, anyCR);
      pending = '';
      textFrom = textEnd;
      const start = frameStart;
      frameStart = total + i;
      if (data === undefined) continue; // a block of comments or other fields only
      if (atChunkEnd) held = { data, event: fedEvent, id: fedId, start, end: total + i, t };
      else emit(out, data, fedEvent, fedId, start, total + i, t);
    }
    if (textFrom < text.length) pending += text.slice(textFrom);
    clean = (bytes[n - 1] as number) < 0x80;
    total += n;
    return out;
  }

  function end(t: number): RawEvent[] {
    const out: RawEvent[] = [];
    if (ended) return out;
    ended = true;
    if (pendingCR) {
      pendingCR = false;
      endings.see('cr');
      releaseHeld(out);
    }
    const tail = decoder.decode();
    let text = pending + tail;
    pending = '';
    // End the last line if it stopped short; a text ending in CR gets its "\n" in feedBlock.
    if ((lineStart < total || tail !== '') && text.charCodeAt(text.length - 1) !== CR) text += '\n';
    lineStart = total;
    // eventsource-parser dispatches only on a blank line; a body that stopped without
    // one still delivered its last frame as far as the inspector is concerned.
    const data =
      text === '' ? undefined : feedBlock(text.charCodeAt(text.length - 1) === CR ? `${text}\n\n` : `${text}\n`);
    if (data !== undefined) emit(out, data, fedEvent, fedId, frameStart, total, t, true);
    frameStart = total;
    return out;
  }

  return {
    push,
    end,
    get lineEnding() {
      return endings.value;
    },
    get bytes() {
      return total;
    },
  };
}
