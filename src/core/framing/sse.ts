// SSE framing with exact byte spans. eventsource-parser owns the field grammar
// (data/event/id/retry, comments, the optional space); this file owns what the
// parser cannot tell us: where each frame lies in the byte stream. A light scanner
// splits the bytes at line terminators and feeds the parser one line at a time, always
// ending a line with "\n", so the parser dispatches synchronously exactly when a blank
// line arrives and the dispatch can be pinned to that blank line's bytes.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { EventProblem, RawEvent } from '../events/types.js';
import { decodeEventPayload, makeRawEvent } from '../events/decode.js';
import type { FrameDecoder } from './types.js';
import { createLineEndingTracker } from './line-endings.js';

const LF = 0x0a;
const CR = 0x0d;

/** Kept with the event: the panel says the body stopped short, the rules make it a notice. */
const UNTERMINATED: EventProblem = {
  kind: 'truncated-frame',
  message: 'the body ended before the blank line that closes this event; decoded anyway (the reference client also parses the tail)',
};

interface Held {
  readonly msg: EventSourceMessage;
  readonly start: number;
  end: number;
  t: number;
}

export function createSseDecoder(streamId: string): FrameDecoder {
  // Not fatal: invalid UTF-8 becomes U+FFFD, as in a browser's EventSource.
  const decoder = new TextDecoder('utf-8');
  const dispatched: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (msg) => void dispatched.push(msg) });
  const endings = createLineEndingTracker();
  let total = 0; // bytes consumed before the current chunk
  let frameStart = 0; // first byte of the current block (after the last blank line)
  let lineStart = 0; // first byte of the current line
  // A CR ended the previous chunk: only the next byte tells CR from CRLF, and so
  // whether the frame's last byte is the CR or the LF after it.
  let pendingCR = false;
  let crLineBlank = false;
  let held: Held | undefined;
  let nextIndex = 0;
  let ended = false;

  function emit(out: RawEvent[], msg: EventSourceMessage, start: number, end: number, t: number, unterminated = false): void {
    const extras = {
      ...(msg.event !== undefined && { sseEvent: msg.event }),
      ...(msg.id !== undefined && { sseId: msg.id }),
    };
    const decoded = decodeEventPayload(msg.data);
    const problems = unterminated ? [...decoded.problems, UNTERMINATED] : decoded.problems;
    out.push(makeRawEvent(streamId, nextIndex++, t, { start, end }, { ...decoded, problems }, extras));
  }

  function releaseHeld(out: RawEvent[]): void {
    if (held === undefined) return;
    emit(out, held.msg, held.start, held.end, held.t);
    held = undefined;
  }

  /** A whole line arrived; `text` is its remainder not yet fed, without the terminator. */
  function completeLine(out: RawEvent[], text: string, termStart: number, termEnd: number, t: number, maybeCrlf: boolean): void {
    const blank = termStart === lineStart;
    parser.feed(`${text}\n`);
    lineStart = termEnd;
    if (!blank) return;
    const msg = dispatched.shift();
    dispatched.length = 0;
    const start = frameStart;
    frameStart = termEnd;
    if (msg === undefined) return; // a block of comments or other fields only
    if (maybeCrlf) held = { msg, start, end: termEnd, t };
    else emit(out, msg, start, termEnd, t);
  }

  function resolvePendingCR(out: RawEvent[], bytes: Uint8Array, t: number): number {
    pendingCR = false;
    let skip = 0;
    if (bytes[0] === LF) {
      endings.see('crlf');
      skip = 1;
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
    let i = pendingCR ? resolvePendingCR(out, bytes, t) : 0;
    let segStart = i;
    while (i < n) {
      const b = bytes[i];
      if (b !== LF && b !== CR) {
        i++;
        continue;
      }
      // Decoding through the terminator flushes a cut-off UTF-8 sequence as U+FFFD
      // inside this line instead of letting it leak into the next one.
      const text = decoder.decode(bytes.subarray(segStart, i + 1), { stream: true }).slice(0, -1);
      const pos = total + i;
      if (b === LF) {
        endings.see('lf');
        completeLine(out, text, pos, pos + 1, t, false);
        i += 1;
      } else if (i + 1 < n) {
        const crlf = bytes[i + 1] === LF;
        endings.see(crlf ? 'crlf' : 'cr');
        completeLine(out, text, pos, pos + (crlf ? 2 : 1), t, false);
        i += crlf ? 2 : 1;
      } else {
        crLineBlank = pos === lineStart;
        completeLine(out, text, pos, pos + 1, t, true);
        pendingCR = true;
        i += 1;
      }
      segStart = i;
    }
    if (segStart < n) {
      const text = decoder.decode(bytes.subarray(segStart), { stream: true });
      if (text !== '') parser.feed(text);
    }
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
    if (lineStart < total || tail !== '') parser.feed(`${tail}\n`);
    lineStart = total;
    // eventsource-parser dispatches only on a blank line; a body that stopped without
    // one still delivered its last frame as far as the inspector is concerned.
    parser.feed('\n');
    const msg = dispatched.shift();
    dispatched.length = 0;
    if (msg !== undefined) emit(out, msg, frameStart, total, t, true);
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
