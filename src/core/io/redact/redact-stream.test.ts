// Streaming redaction (./redact-stream.ts) writes what redactFile writes, byte for byte
// and count for count, however the file is cut into read pieces and blocks: events and
// lines never straddle a block, argument deltas of one call are planned across blocks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RedactOptions } from './options.js';
import { redactFile } from './redact-file.js';
import { redactStream, sseCut, type StreamedFormat } from './redact-stream.js';

const ENDINGS = ['\n', '\r\n', '\r'] as const;

const event = fc.oneof(
  fc.record({ type: fc.constant('TEXT_MESSAGE_CONTENT'), messageId: fc.constant('m'), delta: fc.string() }),
  fc.record({
    type: fc.constant('TOOL_CALL_ARGS'),
    toolCallId: fc.constantFrom('c1', 'c2'),
    delta: fc.constantFrom('{"city":', '"Par', 'is", "n": 4', '2}', '[1,', ' "x"]', 'not json'),
  }),
  fc.record({ type: fc.constant('TOOL_CALL_CHUNK'), delta: fc.constantFrom('{"a"', ': "b"}') }),
  fc.record({ type: fc.constant('STATE_SNAPSHOT'), snapshot: fc.dictionary(fc.string(), fc.string()) }),
);

/** An SSE body: events (some split over several data lines), comments, ids, mixed line endings. */
const sseBody = fc
  .record({
    bom: fc.boolean(),
    frames: fc.array(
      fc.record({
        e: event,
        split: fc.boolean(),
        comment: fc.option(fc.string({ maxLength: 8 }).filter((s) => !/[\r\n]/.test(s))),
        id: fc.boolean(),
        eol: fc.constantFrom(...ENDINGS),
        blank: fc.integer({ min: 1, max: 2 }),
      }),
      { maxLength: 14 },
    ),
    cutOff: fc.boolean(),
  })
  .map(({ bom, frames, cutOff }) => {
    let text = bom ? '\uFEFF' : '';
    for (const f of frames) {
      const json = JSON.stringify(f.e);
      const lines = f.split ? [json.slice(0, json.length >> 1), json.slice(json.length >> 1)] : [json];
      if (f.comment !== null) text += `:${f.comment}${f.eol}`;
      if (f.id) text += `id: 7${f.eol}event: tick${f.eol}`;
      for (const l of lines) text += `data: ${l}${f.eol}`;
      text += f.eol.repeat(f.blank);
    }
    return cutOff ? text.slice(0, Math.max(0, text.length - 3)) : text;
  });

const jsonlBody = fc
  .record({ events: fc.array(event, { maxLength: 14 }), crlf: fc.boolean(), last: fc.boolean(), blank: fc.boolean() })
  .map(({ events, crlf, last, blank }) => {
    const lines = events.map((e) => JSON.stringify(e) + (crlf ? '\r' : ''));
    if (blank) lines.splice(lines.length >> 1, 0, '');
    return lines.join('\n') + (last ? '\n' : '');
  });

/** The bytes cut into pieces of the given sizes (cycled), as a file read stream gives them. */
function opener(bytes: Uint8Array, sizes: readonly number[]) {
  return async function* () {
    let at = 0;
    for (let i = 0; at < bytes.length; i++) {
      const n = sizes[i % sizes.length]!;
      yield bytes.subarray(at, at + n);
      at += n;
    }
  };
}

async function streamed(
  bytes: Uint8Array,
  format: StreamedFormat,
  sizes: number[],
  block: number,
  options: RedactOptions,
) {
  const parts: Uint8Array[] = [];
  const r = await redactStream(opener(bytes, sizes), format, options, (b) => void parts.push(b), block);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return { out, report: r.report, bytes: r.bytes };
}

const sizes = fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 });
const block = fc.integer({ min: 1, max: 200 });

describe('redactStream', () => {
  for (const [format, body, name] of [
    ['sse', sseBody, 'body.sse'],
    ['jsonl', jsonlBody, 'events.jsonl'],
  ] as const) {
    it(`${format}: the same bytes and counts as redactFile, whatever the pieces and blocks, strict too`, async () => {
      await fc.assert(
        fc.asyncProperty(body, sizes, block, fc.boolean(), fc.boolean(), async (text, cut, size, hide, strict) => {
          const bytes = new TextEncoder().encode(text);
          const options = { hideLengths: hide, strict };
          const whole = redactFile(name, bytes, options);
          // Only files redactFile takes as this format are streamed as it.
          fc.pre(whole.ok && whole.format === format);
          if (!whole.ok) return;
          const r = await streamed(bytes, format, cut, size, options);
          expect(new TextDecoder().decode(r.out)).toBe(new TextDecoder().decode(whole.bytes));
          expect(r.report.counts).toEqual(whole.report.counts);
          expect(r.bytes).toBe(whole.bytes.length);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('cuts an SSE text only after a blank line whose ending is certain', () => {
    expect(sseCut('data: 1\n\ndata: 2\n', false)).toBe(9);
    expect(sseCut('data: 1\r\n\r\ndata: 2', false)).toBe(11);
    // A CR at the end may be the first half of a CRLF: not yet.
    expect(sseCut('data: 1\r\r', false)).toBe(0);
    expect(sseCut('data: 1\r\r', true)).toBe(9);
    expect(sseCut('data: 1\ndata: 2\n', false)).toBe(0);
  });
});
