// A byte that is not UTF-8 costs one finding at its event, not the file: the body still
// decodes (as U+FFFD, as an EventSource reads it) and every other event is judged as usual.
import { describe, expect, it } from 'vitest';
import { inspectBytes } from '../io/inspect-bytes.js';
import { sseText } from '../pipeline/sse.test-helper.js';

const events = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'caf\u00e9' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'ok \uFFFD on purpose' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
];

function withBadByte(): Uint8Array {
  const good = new TextEncoder().encode(sseText(events));
  // "café" is 63 61 66 C3 A9: drop the continuation byte, leaving a lone lead byte.
  const at = good.findIndex((b, i) => b === 0xc3 && good[i + 1] === 0xa9);
  return new Uint8Array([...good.subarray(0, at + 1), 0x21, ...good.subarray(at + 2)]);
}

describe('invalid UTF-8 in an SSE body', () => {
  it('the file still loads; sse/invalid-utf8 points at the event; a U+FFFD the producer sent is not flagged', () => {
    const result = inspectBytes('bad.sse', withBadByte());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const bad = result.model.findings.filter((f) => f.rule === 'sse/invalid-utf8');
    expect(bad.map((f) => f.events)).toEqual([[2]]);
    expect(result.model.runs[0]?.status).toBe('finished');
    expect(result.model.runs[0]?.messages[0]?.text).toBe('caf\uFFFD!ok \uFFFD on purpose');
  });

  it('a clean body with a U+FFFD character sent on purpose has no such finding', () => {
    const result = inspectBytes('ok.sse', new TextEncoder().encode(sseText(events)));
    expect(result.ok && result.model.findings.some((f) => f.rule === 'sse/invalid-utf8')).toBe(false);
  });
});

describe('what the invalid UTF-8 finding says', () => {
  it('says the client never sees the original bytes', () => {
    const result = inspectBytes('bad.sse', withBadByte());
    const message = result.ok ? result.model.findings.find((f) => f.rule === 'sse/invalid-utf8')?.message : undefined;
    expect(message).toMatch(/the client never sees them, it reads U\+FFFD in their place/);
  });
});
