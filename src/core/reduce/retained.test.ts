// The retained estimate is an upper bound of what a stream keeps alive: its wire bytes and,
// beside them, the decoded text the model holds (message text, call arguments, results).
import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseBytes, sseStream } from '../pipeline/sse.test-helper.js';
import { runRetainedBytes, streamRetainedBytes, valueBytes, wireRetainedBytes } from './retained.js';

const TEXT = 'y'.repeat(20_000);
const ARGS = JSON.stringify({ q: 'z'.repeat(30_000) });

function oneRun() {
  const insp = createInspector();
  insp.openStream(sseStream('s', { threadId: 't', runId: 'r', messages: [], tools: [] }));
  const events = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
    { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
    ...[0, 1, 2, 3].map(() => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: TEXT.slice(0, 5_000) })),
    { type: 'TEXT_MESSAGE_END', messageId: 'm' },
    { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'search' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: ARGS },
    { type: 'TOOL_CALL_END', toolCallId: 'c' },
    { type: 'TOOL_CALL_RESULT', toolCallId: 'c', messageId: 'res', content: 'w'.repeat(10_000) },
    { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
  ];
  const bytes = sseBytes(events);
  insp.appendBytes('s', bytes, 1_010);
  insp.endStream('s', { reason: 'complete', t: 1_020 });
  const stream = insp.model.streams[0]!;
  return { stream, runs: insp.model.runs, wire: bytes.byteLength };
}

describe('retained estimate', () => {
  it('counts the text kept beside the wire bytes, not the wire bytes alone', () => {
    const { stream, runs, wire } = oneRun();
    const decoded = TEXT.length + ARGS.length + 10_000;
    const one = streamRetainedBytes(stream, runs, { charBytes: 1 });
    expect(wireRetainedBytes(stream, { charBytes: 1 })).toBeGreaterThanOrEqual(wire);
    expect(one).toBeGreaterThanOrEqual(wire + decoded);
    // Two bytes a character when the text may hold any character: the text counts twice.
    const two = streamRetainedBytes(stream, runs, { charBytes: 2 });
    expect(two - one).toBeGreaterThanOrEqual(decoded);
    expect(runRetainedBytes(runs[0]!, { charBytes: 1 })).toBeGreaterThanOrEqual(decoded);
  });

  it('walks a parsed value once and remembers it', () => {
    const memo = new WeakMap<object, number>();
    const value = { messages: [{ role: 'user', content: 'x'.repeat(1_000) }], n: [1, 2, 3] };
    const size = valueBytes(value, 1, memo);
    expect(size).toBeGreaterThan(1_000);
    expect(memo.get(value)).toBe(size);
    expect(valueBytes(value, 2, memo)).toBe(size); // memoised by identity
    expect(valueBytes('abc', 2)).toBeGreaterThanOrEqual(6);
  });

  it('a cyclic or shared value is counted without looping', () => {
    const shared = { s: 'q'.repeat(100) };
    const cyc: Record<string, unknown> = { a: shared, b: shared };
    cyc['self'] = cyc;
    expect(valueBytes(cyc, 1)).toBeLessThan(valueBytes({ a: shared, b: { s: 'q'.repeat(100) } }, 1) + 64);
  });
});
