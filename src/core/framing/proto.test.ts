import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encode } from '@ag-ui/proto';
import { EventEncoder } from '@ag-ui/encoder';
import { EventType, type BaseEvent } from '@ag-ui/core';
import { concat, feedChunked, withoutTime } from './chunked.test-helper.js';
import { createProtoDecoder, MAX_PROTO_FRAME } from './proto.js';
import { createSseDecoder } from './sse.js';

const framed = (payload: Uint8Array) => {
  const out = new Uint8Array(4 + payload.length);
  new DataView(out.buffer).setUint32(0, payload.length, false);
  out.set(payload, 4);
  return out;
};
const decodeChunked = (bytes: Uint8Array, cuts: readonly number[]) => feedChunked(createProtoDecoder('p'), bytes, cuts);

const sample: BaseEvent[] = [
  { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' } as BaseEvent,
  { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'm1' } as BaseEvent,
  { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"q":"héllo 🎉"}' } as BaseEvent,
  { type: EventType.TOOL_CALL_END, toolCallId: 'c1' } as BaseEvent,
  { type: EventType.TOOL_CALL_RESULT, messageId: 'm2', toolCallId: 'c1', content: 'ok' } as BaseEvent,
  { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' } as BaseEvent,
];

describe('createProtoDecoder', () => {
  it('round-trips events encoded by @ag-ui/proto and the real EventEncoder framing', () => {
    const encoder = new EventEncoder({ accept: 'application/vnd.ag-ui.event+proto' });
    const frames = sample.map((e) => encoder.encodeBinary(e));
    expect(frames[0]).toEqual(framed(encode(sample[0] as BaseEvent)));
    const { events, total, lineEnding } = decodeChunked(concat(frames), []);
    expect(lineEnding).toBe('none');
    expect(total).toBe(frames.reduce((n, f) => n + f.length, 0));
    expect(events.map((e) => e.type)).toEqual(sample.map((e) => e.type));
    expect(events.every((e) => e.problems.length === 0)).toBe(true);
    expect(events[1]?.payload).toMatchObject({ toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'm1' });
    expect(events[2]?.payload).toMatchObject({ delta: '{"q":"héllo 🎉"}' });
    let offset = 0;
    frames.forEach((f, i) => {
      expect(events[i]?.span).toEqual({ start: offset, end: offset + f.length });
      expect(events[i]?.index).toBe(i);
      offset += f.length;
    });
  });

  it('gives the same events for any chunking', () => {
    const bytes = concat(sample.map((e) => framed(encode(e))));
    const whole = withoutTime(decodeChunked(bytes, []).events);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 10 }), (raw) => {
        const cuts = [...new Set(raw.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        expect(withoutTime(decodeChunked(bytes, cuts).events)).toEqual(whole);
      }),
      { numRuns: 60 },
    );
  });

  it('reaches the same payloads and verdicts as the SSE path for the same events', () => {
    const events: BaseEvent[] = [
      ...sample,
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: 'c2', toolCallName: 'n', delta: '{' } as BaseEvent,
      { type: EventType.TOOL_CALL_CHUNK, delta: '}' } as BaseEvent,
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c2', delta: 'x', subagentRunId: 's' } as BaseEvent,
      {
        type: EventType.RUN_FINISHED,
        threadId: 't',
        runId: 'r',
        outcome: { type: 'interrupt', interrupts: [{ id: 'i', reason: 'x' }] },
      } as BaseEvent,
    ];
    const encoder = new EventEncoder();
    const viaProto = decodeChunked(concat(events.map((e) => framed(encode(e)))), []).events;
    const sse = createSseDecoder('s');
    const viaSse = [
      ...sse.push(new TextEncoder().encode(events.map((e) => encoder.encodeSSE(e)).join('')), 0),
      ...sse.end(0),
    ];
    expect(viaProto.map((e) => [e.type, e.payload, e.problems])).toEqual(
      viaSse.map((e) => [e.type, e.payload, e.problems]),
    );
  });

  it('reports a truncated frame at end, both inside the header and inside the body', () => {
    const whole = framed(encode(sample[0] as BaseEvent));
    const inBody = decodeChunked(concat([whole, whole.subarray(0, 9)]), []);
    expect(inBody.events).toHaveLength(2);
    expect(inBody.events[1]).toMatchObject({
      type: '',
      index: 1,
      span: { start: whole.length, end: whole.length + 9 },
    });
    expect(inBody.events[1]?.problems[0]?.kind).toBe('truncated-frame');
    expect(inBody.events[1]?.problems[0]?.message).toMatch(/5 arrived/);
    const inHeader = decodeChunked(whole.subarray(0, 2), []);
    expect(inHeader.events[0]?.problems[0]?.message).toMatch(/length prefix \(2 bytes\)/);
  });

  it('reports an undecodable frame and goes on with the next one', () => {
    const junk = framed(new Uint8Array([0xff, 0xff, 0xff]));
    const good = framed(encode(sample[0] as BaseEvent));
    const { events } = decodeChunked(concat([junk, good]), []);
    expect(events).toHaveLength(2);
    expect(events[0]?.problems[0]).toMatchObject({ kind: 'malformed', field: '(frame)' });
    expect(events[1]?.type).toBe('RUN_STARTED');
  });

  it('stops at an absurd length without allocating it', () => {
    const header = new Uint8Array([0xff, 0xff, 0xff, 0xff]);
    expect(0xffffffff).toBeGreaterThan(MAX_PROTO_FRAME);
    const d = createProtoDecoder('p');
    const out = d.push(concat([header, new Uint8Array(100)]), 1);
    expect(out).toHaveLength(1);
    expect(out[0]?.problems[0]?.kind).toBe('truncated-frame');
    expect(out[0]?.problems[0]?.message).toMatch(/4294967295/);
    expect(d.push(framed(encode(sample[0] as BaseEvent)), 2)).toEqual([]);
    expect(d.end(3)).toEqual([]);
    expect(d.bytes).toBe(104 + framed(encode(sample[0] as BaseEvent)).length);
  });

  it('never throws on random bytes and never reports more bytes than it got', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.array(fc.nat(), { maxLength: 4 }), (bytes, raw) => {
        // Keep lengths small so random headers describe frames that can complete.
        const small = bytes.map((b, i) => (i % 7 < 2 ? 0 : b));
        const cuts = [...new Set(raw.map((c) => c % (small.length + 1)))].sort((a, b) => a - b);
        const got = decodeChunked(small, cuts);
        expect(got.total).toBe(small.length);
        // Frames tile the stream: each starts where the previous one ended.
        let prevEnd = 0;
        for (const e of got.events) {
          expect(e.span.start).toBe(prevEnd);
          expect(e.span.end).toBeLessThanOrEqual(small.length);
          prevEnd = e.span.end;
        }
        expect(withoutTime(got.events)).toEqual(withoutTime(decodeChunked(small, []).events));
      }),
      { numRuns: 300 },
    );
  });
});
