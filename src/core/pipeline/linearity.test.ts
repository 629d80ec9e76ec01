import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRun } from '../reduce/lookup.js';
import { createInspector } from './create-inspector.js';
import { pieces, sseBytes, sseStream } from './sse.test-helper.js';

function argsStream(deltas: number): Uint8Array {
  const events: Record<string, unknown>[] = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
    { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'write' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{"text":"' },
  ];
  for (let i = 0; i < deltas; i++) events.push({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: 'abcdefghij\\n' });
  events.push({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '"}' }, { type: 'TOOL_CALL_END', toolCallId: 'c' });
  events.push({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' });
  return sseBytes(events);
}

/** Characters handed to JSON.parse while the whole pipeline digests `deltas` deltas. */
function parsedChars(deltas: number): { chars: number; bytes: number; args: number } {
  const bytes = argsStream(deltas);
  let chars = 0;
  const real = JSON.parse;
  const spy = vi
    .spyOn(JSON, 'parse')
    .mockImplementation((text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
      chars += text.length;
      return real(text, reviver);
    });
  const insp = createInspector();
  insp.openStream(
    sseStream('s', {
      threadId: 't',
      runId: 'r',
      messages: [],
      tools: [{ name: 'write', parameters: { type: 'object' } }],
    }),
  );
  for (const p of pieces(bytes, 50)) insp.appendBytes('s', p, 1_500);
  insp.endStream('s', { reason: 'complete', t: 2_000 });
  spy.mockRestore();
  const run = getRun(insp.model, 's#0');
  const call = run ? run.toolCalls[0] : undefined;
  expect(call?.json).toEqual({ state: 'valid' });
  expect(call?.schema).toEqual({ state: 'valid' });
  return { chars, bytes: bytes.length, args: call?.args.length ?? 0 };
}

describe('linear work per delta', () => {
  afterEach(() => vi.restoreAllMocks());

  it('parses each wire event once and the argument text once, however many deltas', () => {
    const small = parsedChars(500);
    const large = parsedChars(2_000);
    // Each frame's JSON is parsed by the decoder, the whole argument text once at END:
    // nothing re-parses the growing text per delta.
    expect(small.chars).toBeLessThanOrEqual(small.bytes + 2 * small.args);
    expect(large.chars).toBeLessThanOrEqual(large.bytes + 2 * large.args);
    expect(large.chars / small.chars).toBeLessThan(4.5);
  });
});
