// The data of one SSE frame read again from its text (a stored event's payload is decoded
// from its bytes when a view asks for it). The same grammar the stream decoder applies:
// the single `data:` line fast path, else eventsource-parser on the frame alone.
import { createParser } from 'eventsource-parser';
import { singleDataLine } from './sse-fast.js';

/** The frame's data, or undefined when it dispatches nothing. `first`: the stream's first frame (a BOM is stripped there only). */
export function frameData(text: string, first: boolean): string | undefined {
  const body = first && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const single = singleDataLine(body);
  if (single !== undefined) return single;
  let data: string | undefined;
  const parser = createParser({ onEvent: (msg) => void (data ??= msg.data) });
  parser.feed(''); // the parser strips a BOM from its first text only: this frame is not the stream's first
  // Without its blank line (a frame the body cut off) the frame still dispatches, as the decoder's end() does.
  parser.feed(`${body}\n\n`);
  return data;
}
