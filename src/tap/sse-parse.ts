// The event-stream interpretation a browser's EventSource applies (HTML, "Server-sent
// events": lines end in CRLF, LF or CR; `data`, `event`, `id`, `retry` fields; a blank
// line dispatches), fed piece by piece, for replaying a recording into a page's
// EventSource. Runs in the page, so it uses only captured string natives: a page that
// replaces String.prototype methods changes nothing here.
import type { Intrinsics } from './intrinsics.js';

export interface SseDispatch {
  readonly type: string;
  readonly data: string;
  readonly lastEventId: string;
}

export interface SseParser {
  /** Feeds decoded text; returns the events it completes, in order. */
  push(text: string): SseDispatch[];
}

export function createSseParser(I: Intrinsics): SseParser {
  let buf = '';
  let data = '';
  let hasData = false;
  let type = '';
  let lastId = '';
  let skipLf = false;
  // The first line of the stream may start with a byte order mark; the decoder drops it.
  const field = (line: string, out: SseDispatch[]): void => {
    if (line === '') {
      if (hasData) out[out.length] = { type: type === '' ? 'message' : type, data, lastEventId: lastId };
      data = '';
      hasData = false;
      type = '';
      return;
    }
    const colon = I.strIndexOf(line, ':');
    if (colon === 0) return; // a comment
    const name = colon < 0 ? line : I.strSlice(line, 0, colon);
    let value = colon < 0 ? '' : I.strSlice(line, colon + 1);
    if (I.strSlice(value, 0, 1) === ' ') value = I.strSlice(value, 1);
    if (name === 'data') {
      data = hasData ? `${data}\n${value}` : value;
      hasData = true;
    } else if (name === 'event') type = value;
    else if (name === 'id' && I.strIndexOf(value, '\u0000') < 0) lastId = value;
  };
  return {
    push(text) {
      const out: SseDispatch[] = [];
      buf = `${buf}${text}`;
      let from = 0;
      // A CR that ended the previous push may be the first half of a CRLF.
      if (buf.length > 0) {
        if (skipLf && I.strSlice(buf, 0, 1) === '\n') from = 1;
        skipLf = false;
      }
      // Each search runs again only once passed, so a long buffer is scanned once.
      let lf = -2;
      let cr = -2;
      for (;;) {
        if (lf !== -1 && lf < from) lf = I.strIndexOf(buf, '\n', from);
        if (cr !== -1 && cr < from) cr = I.strIndexOf(buf, '\r', from);
        const at = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf;
        if (at < 0) break;
        field(I.strSlice(buf, from, at), out);
        if (at === cr && at + 1 >= buf.length) {
          skipLf = true;
          from = at + 1;
          break;
        }
        from = at === cr && I.strSlice(buf, at + 1, at + 2) === '\n' ? at + 2 : at + 1;
      }
      buf = I.strSlice(buf, from);
      return out;
    },
  };
}
