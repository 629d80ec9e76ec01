import fc from 'fast-check';
import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { singleDataLine, singleDataLineIn } from './sse-fast.js';

/** What eventsource-parser dispatches for one block fed after the stream's start. */
function parserData(block: string): string | undefined {
  let data: string | undefined;
  let event: string | undefined;
  let id: string | undefined;
  const parser = createParser({
    onEvent: (m) => {
      data ??= m.data;
      event ??= m.event;
      id ??= m.id;
    },
  });
  parser.feed('');
  parser.feed(block);
  return event === undefined && id === undefined ? data : undefined;
}

// Blocks built from the characters that matter to SSE framing (no CR: the in-place
// reader is used only for chunks without one).
const piece = fc.constantFrom('data:', 'data: ', 'event: x', 'id: 7', ':c', '\n', ' ', '{"a":1}', 'é', 'd', ':');
const block = fc.array(piece, { maxLength: 8 }).map((parts) => `${parts.join('')}\n\n`);

describe('singleDataLineIn', () => {
  it('reads a block inside a larger text exactly as singleDataLine reads it alone', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), block, fc.string({ maxLength: 6 }), (before, b, after) => {
        const text = before.replace(/\r/g, '') + b + after.replace(/\r/g, '');
        const from = before.replace(/\r/g, '').length;
        expect(singleDataLineIn(text, from, from + b.length)).toBe(singleDataLine(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('answers only for blocks that mean one data-only event to eventsource-parser, with its data', () => {
    fc.assert(
      fc.property(block, (b) => {
        const fast = singleDataLineIn(`x${b}y`, 1, 1 + b.length);
        if (fast !== undefined) expect(fast).toBe(parserData(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('declines what is not a single data line: two lines, another field, no blank line', () => {
    const t = 'data: a\ndata: b\n\nevent: e\ndata: c\n\ndata: d\n';
    expect(singleDataLineIn(t, 0, 17)).toBeUndefined();
    expect(singleDataLineIn(t, 17, 35)).toBeUndefined();
    expect(singleDataLineIn(t, 35, t.length)).toBeUndefined();
    expect(singleDataLineIn('data:{"x":1}\n\n', 0, 14)).toBe('{"x":1}');
  });
});
