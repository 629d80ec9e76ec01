import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventEncoder } from '@ag-ui/encoder';
import { EventType, type BaseEvent } from '@ag-ui/core';
import type { RawEvent } from '../events/types.js';
import { concat, feedChunked, withoutTime } from './chunked.test-helper.js';
import { createSseDecoder } from './sse.js';

const enc = new TextEncoder();
const bytesOf = (s: string) => enc.encode(s);
const decodeChunked = (bytes: Uint8Array, cuts: readonly number[]) => feedChunked(createSseDecoder('s'), bytes, cuts);

describe('createSseDecoder basics', () => {
  it('decodes the real EventEncoder output with exact spans', () => {
    const encoder = new EventEncoder();
    const evs: BaseEvent[] = [
      { type: EventType.RUN_STARTED, threadId: 't', runId: 'r' } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm', delta: 'héllo ✓ 🎉' } as BaseEvent,
      { type: EventType.RUN_FINISHED, threadId: 't', runId: 'r' } as BaseEvent,
    ];
    const frames = evs.map((e) => bytesOf(encoder.encodeSSE(e)));
    const { events, lineEnding } = decodeChunked(concat(frames), []);
    expect(events.map((e) => e.type)).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_CHUNK', 'RUN_FINISHED']);
    expect(events.map((e) => e.index)).toEqual([0, 1, 2]);
    let offset = 0;
    frames.forEach((f, i) => {
      expect(events[i]?.span).toEqual({ start: offset, end: offset + f.length });
      offset += f.length;
    });
    expect((events[1]?.payload as { delta: string }).delta).toBe('héllo ✓ 🎉');
    expect(events.every((e) => e.problems.length === 0)).toBe(true);
    expect(lineEnding).toBe('lf');
  });

  it('joins multi-line data with \\n and keeps event:/id: fields; retry and comments make nothing', () => {
    const text =
      ': keep-alive\n\nretry: 1000\n\nevent: agui\nid: 42\ndata: {"type":"RUN_ERROR",\ndata: "message":"boom"}\n\n';
    const { events } = decodeChunked(bytesOf(text), []);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'RUN_ERROR',
      sseEvent: 'agui',
      sseId: '42',
      payload: { type: 'RUN_ERROR', message: 'boom' },
    });
    expect(events[0]?.span).toEqual({ start: text.indexOf('event:'), end: text.length });
  });

  it('flushes a last frame that lacks its blank line, or even its line end', () => {
    for (const tail of ['data: {"type":"RUN_ERROR","message":"x"}\n', 'data: {"type":"RUN_ERROR","message":"x"}']) {
      const text = `data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n${tail}`;
      const d = createSseDecoder('s');
      const first = d.push(bytesOf(text), 1);
      expect(first.map((e) => e.type)).toEqual(['RUN_STARTED']);
      const last = d.end(2);
      expect(last).toHaveLength(1);
      expect(last[0]).toMatchObject({
        type: 'RUN_ERROR',
        t: 2,
        index: 1,
        span: { start: text.indexOf(tail), end: text.length },
      });
      expect(last[0]?.problems.map((p) => p.kind)).toEqual(['truncated-frame']);
      expect(first[0]?.problems).toEqual([]);
      expect(d.end(3)).toEqual([]);
    }
  });

  it('detects CRLF, bare CR and mixed line endings', () => {
    const ev = '{"type":"RUN_ERROR","message":"x"}';
    expect(decodeChunked(bytesOf(`data: ${ev}\r\n\r\n`), []).lineEnding).toBe('crlf');
    expect(decodeChunked(bytesOf(`data: ${ev}\r\r`), []).lineEnding).toBe('cr');
    expect(decodeChunked(bytesOf(`data: ${ev}\r\n\n`), []).lineEnding).toBe('mixed');
    expect(decodeChunked(bytesOf(''), []).lineEnding).toBe('none');
    const crlf = decodeChunked(bytesOf(`data: ${ev}\r\n\r\ndata: ${ev}\r\n\r\n`), [ev.length + 7]);
    expect(crlf.events.map((e) => e.span)).toEqual([
      { start: 0, end: ev.length + 10 },
      { start: ev.length + 10, end: 2 * (ev.length + 10) },
    ]);
  });

  it('holds a frame ending in CR until the next byte decides CR vs CRLF, and times it by its last byte', () => {
    const d = createSseDecoder('s');
    expect(d.push(bytesOf('data: {"type":"RUN_ERROR","message":"x"}\r\n\r'), 1)).toEqual([]);
    const out = d.push(bytesOf('\ndata: 1'), 2);
    expect(out).toHaveLength(1);
    expect(out[0]?.span).toEqual({ start: 0, end: 44 });
    expect(out[0]?.t).toBe(2);
    expect(d.lineEnding).toBe('crlf');
    const last = d.end(3);
    expect(last[0]?.problems[0]?.kind).toBe('not-an-object');
    expect(last[0]?.span).toEqual({ start: 44, end: 51 });
  });

  it('turns invalid UTF-8 into U+FFFD, also when a sequence is cut by the line end', () => {
    const head = bytesOf('data: {"type":"CUSTOM","name":"');
    const tail = bytesOf('","value":1}\n\n');
    const bytes = concat([head, new Uint8Array([0xff, 0xe2, 0x82]), tail]);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const { events } = decodeChunked(bytes, [cut]);
      expect(events).toHaveLength(1);
      expect((events[0]?.payload as { name: string }).name).toBe('\uFFFD\uFFFD');
    }
    const cutAtEol = decodeChunked(concat([bytesOf('data: '), new Uint8Array([0xe2, 0x82]), bytesOf('\n\n')]), [7]);
    expect(cutAtEol.events[0]?.problems[0]).toMatchObject({ kind: 'invalid-json', text: '\uFFFD' });
  });

  it('counts a leading BOM in the first frame and does not let it break the first field', () => {
    const bytes = concat([new Uint8Array([0xef, 0xbb, 0xbf]), bytesOf('data: {"type":"RUN_ERROR","message":"x"}\n\n')]);
    const { events } = decodeChunked(bytes, [1]);
    expect(events[0]).toMatchObject({ type: 'RUN_ERROR', span: { start: 0, end: bytes.length } });
  });

  it("keeps a U+FEFF that opens a later chunk as text: only the stream's first bytes can be a BOM", () => {
    const head = bytesOf('data: {"type":"CUSTOM","name":"n","value":"');
    const tail = concat([new Uint8Array([0xef, 0xbb, 0xbf]), bytesOf('x"}\n\n')]);
    for (const cuts of [[head.length], [head.length, head.length + 3], []]) {
      const { events } = decodeChunked(concat([head, tail]), cuts);
      expect((events[0]?.payload as { value: string }).value).toBe('\uFEFFx');
      expect(events[0]?.problems).toEqual([]);
    }
  });

  it('decodes a 50 MB single line pushed in 1 MB chunks', () => {
    const size = 50 << 20;
    const prefix = bytesOf('data: {"type":"CUSTOM","name":"big","value":"');
    const suffix = bytesOf('"}\n\n');
    const d = createSseDecoder('s');
    const out: RawEvent[] = [];
    out.push(...d.push(prefix, 0));
    const block = new Uint8Array(1 << 20).fill(0x61);
    for (let sent = 0; sent < size; sent += block.length) out.push(...d.push(block, 1));
    out.push(...d.push(suffix, 2), ...d.end(3));
    expect(out).toHaveLength(1);
    expect(out[0]?.type).toBe('CUSTOM');
    expect((out[0]?.payload as { value: string }).value.length).toBe(size);
    expect(out[0]?.span).toEqual({ start: 0, end: prefix.length + size + suffix.length });
  });
});

// A generated stream: blocks of field lines, each line with a chosen terminator.
type Ending = '\n' | '\r\n' | '\r';
const valueArb = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('é', '✓', '🎉', 'x\u2028y', '\uFEFF'));
const eventArb = fc.record({
  type: fc.constantFrom('RUN_ERROR', 'CUSTOM', 'NOT_A_TYPE'),
  message: valueArb,
  name: valueArb,
});
const lineArb = fc.oneof(
  fc.record({ kind: fc.constant('data' as const), event: eventArb, pretty: fc.boolean() }),
  fc.record({
    kind: fc.constantFrom('comment' as const, 'event' as const, 'id' as const, 'retry' as const),
    v: fc.stringMatching(/^[a-z0-9]{1,5}$/),
  }),
);
const streamArb = fc.record({
  blocks: fc.array(fc.array(lineArb, { maxLength: 4 }), { maxLength: 5 }),
  endings: fc.constantFrom<Ending[]>(['\n'], ['\r\n'], ['\r'], ['\n', '\r\n', '\r']),
  seed: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
  finalBlank: fc.boolean(),
});

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type StreamSpec = typeof streamArb extends fc.Arbitrary<infer T> ? T : never;

function build(s: StreamSpec) {
  let text = '';
  let k = 0;
  let prevEnding: Ending | undefined;
  const used = new Set<Ending>();
  const line = (content: string) => {
    let e = s.endings[(s.seed[k++ % s.seed.length] ?? 0) % s.endings.length] ?? '\n';
    // An empty LF line right after a CR would read as one CRLF: use CRLF there.
    if (content === '' && e === '\n' && prevEnding === '\r') e = '\r\n';
    used.add(e);
    prevEnding = e;
    text += content + e;
  };
  const expected: {
    start: number;
    end: number;
    payload: unknown;
    unterminated: boolean;
    sseEvent?: string;
    sseId?: string;
  }[] = [];
  s.blocks.forEach((block, bi) => {
    const start = enc.encode(text).length;
    const dataLines: string[] = [];
    let ev: string | undefined;
    let id: string | undefined;
    for (const l of block) {
      if (l.kind === 'data') {
        const json = JSON.stringify(l.event, null, l.pretty ? 1 : undefined);
        for (const part of json.split('\n')) {
          line(`data: ${part}`);
          dataLines.push(part);
        }
      } else if (l.kind === 'comment') line(`: ${l.v}`);
      else if (l.kind === 'retry') line(`retry: ${l.v.length}`);
      else {
        line(`${l.kind}: ${l.v}`);
        if (l.kind === 'event') ev = l.v;
        else id = l.v;
      }
    }
    const last = bi === s.blocks.length - 1;
    if (!last || s.finalBlank) line('');
    if (dataLines.length > 0) {
      expected.push({
        start,
        end: enc.encode(text).length,
        payload: tryParse(dataLines.join('\n')),
        unterminated: last && !s.finalBlank,
        ...(ev !== undefined && { sseEvent: ev }),
        ...(id !== undefined && { sseId: id }),
      });
    }
  });
  const bytes = enc.encode(text);
  const lineEnding =
    used.size === 0
      ? 'none'
      : used.size > 1
        ? 'mixed'
        : ({ '\n': 'lf', '\r\n': 'crlf', '\r': 'cr' } as const)[[...used][0] ?? '\n'];
  return { bytes, expected, lineEnding };
}

/** Decodes the stream cut at `cuts` and checks it against what build() knows. */
function expectAsBuilt(s: StreamSpec, cutsFor: (built: ReturnType<typeof build>) => number[]): void {
  const built = build(s);
  const { bytes, expected, lineEnding } = built;
  const got = decodeChunked(bytes, cutsFor(built));
  expect(got.total).toBe(bytes.length);
  expect(got.lineEnding).toBe(lineEnding);
  expect(
    got.events.map((e) => ({
      start: e.span.start,
      end: e.span.end,
      payload: e.payload,
      unterminated: e.problems.some((p) => p.kind === 'truncated-frame'),
      ...(e.sseEvent !== undefined && { sseEvent: e.sseEvent }),
      ...(e.sseId !== undefined && { sseId: e.sseId }),
    })),
  ).toEqual(expected);
  expect(got.events.map((e) => e.index)).toEqual(expected.map((_, i) => i));
}

const sorted = (xs: readonly number[]): number[] => [...new Set(xs)].sort((a, b) => a - b);

describe('createSseDecoder properties', () => {
  it('any chunking of a stream gives the events and spans known by construction', () => {
    fc.assert(
      fc.property(streamArb, fc.array(fc.nat(), { maxLength: 8 }), (s, rawCuts) =>
        expectAsBuilt(s, ({ bytes }) => sorted(rawCuts.map((c) => c % (bytes.length + 1)))),
      ),
      { numRuns: 300 },
    );
  });

  it('one frame per chunk (live capture) gives the events and spans known by construction', () => {
    fc.assert(
      fc.property(streamArb, (s) =>
        expectAsBuilt(s, ({ expected }) => sorted(expected.flatMap((e) => [e.start, e.end]))),
      ),
      { numRuns: 300 },
    );
  });

  it('a CRLF cut after its CR, then a blank LF line, still ends the frame there', () => {
    // Regression: whole-block feeding once let that CR and the blank line's LF read as one CRLF.
    const text =
      '\ndata: {"type":"RUN_ERROR","message":"a"}\r\nretry: 1\r\n\ndata: {"type":"RUN_ERROR","message":"b"}\n';
    const cut = text.indexOf('retry: 1\r') + 'retry: 1\r'.length;
    const { events } = decodeChunked(bytesOf(text), [cut]);
    expect(events.map((e) => [e.span.start, e.span.end])).toEqual([
      [1, cut + 2],
      [cut + 2, text.length],
    ]);
  });

  it('splitting a stream at every single byte gives the same events as one push', () => {
    const text =
      ': hi\r\n\r\n: ka\r\revent: x\r\ndata: {"type":"RUN_ERROR","message":"é✓🎉"}\r\n\r\ndata: {"type":"CUSTOM","name":"a","value":1}\n\ndata: [1]\r\rdata: {\r';
    const bytes = bytesOf(text);
    const whole = withoutTime(decodeChunked(bytes, []).events);
    expect(whole).toHaveLength(4);
    for (let cut = 0; cut <= bytes.length; cut++)
      expect(withoutTime(decodeChunked(bytes, [cut]).events)).toEqual(whole);
    const bytewise = withoutTime(
      decodeChunked(
        bytes,
        Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
      ).events,
    );
    expect(bytewise).toEqual(whole);
  });

  it('never throws on random bytes and accounts for every byte', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.array(fc.nat(), { maxLength: 5 }), (bytes, rawCuts) => {
        const cuts = [...new Set(rawCuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const got = decodeChunked(bytes, cuts);
        expect(got.total).toBe(bytes.length);
        let prevEnd = 0;
        for (const e of got.events) {
          expect(e.span.start).toBeGreaterThanOrEqual(prevEnd);
          expect(e.span.start).toBeLessThan(e.span.end);
          expect(e.span.end).toBeLessThanOrEqual(bytes.length);
          prevEnd = e.span.end;
        }
        expect(withoutTime(got.events)).toEqual(withoutTime(decodeChunked(bytes, []).events));
      }),
      { numRuns: 300 },
    );
  });
});
