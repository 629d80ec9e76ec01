import { describe, expect, it } from 'vitest';
import { createInspector } from '../core/pipeline/create-inspector.js';
import { sseText } from '../core/pipeline/sse.test-helper.js';
import { feedInspector, type StreamMessage } from './feed-inspector.js';

const frame = (e: object): string => sseText([e], 'lf', 'json');
const open = (streamId: string, encoding: 'sse' | 'eventsource' = 'sse'): StreamMessage => ({
  kind: 'stream-open',
  streamId,
  seq: 0,
  t: 1000,
  transport: encoding === 'sse' ? 'fetch' : 'eventsource',
  encoding,
  url: 'http://localhost/agent',
  method: encoding === 'sse' ? 'POST' : 'GET',
  requestHeaders: {},
  status: 200,
  contentType: 'text/event-stream',
  frameUrl: 'http://localhost/',
});

describe('feedInspector', () => {
  it('reads a chunk in each form it travels in (bytes, text, base64) as the same bytes', () => {
    const inspector = createInspector();
    const started = frame({ type: 'RUN_STARTED', threadId: 't', runId: 'r' });
    const text = frame({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' });
    const finished = frame({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' });
    const fed = [
      open('s'),
      { kind: 'stream-chunk', streamId: 's', seq: 1, t: 1001, bytes: new TextEncoder().encode(started) },
      { kind: 'stream-chunk', streamId: 's', seq: 2, t: 1002, text },
      { kind: 'stream-chunk', streamId: 's', seq: 3, t: 1003, base64: btoa(finished) },
      { kind: 'stream-end', streamId: 's', seq: 4, t: 1004, reason: 'error', error: 'reset' },
    ] satisfies StreamMessage[];
    expect(fed.map((m) => feedInspector(inspector, m))).toEqual([true, true, true, true, true]);
    const stream = inspector.model.streams[0]!;
    const types = Array.from({ length: stream.rawEvents.length }, (_, i) => stream.rawEvents.at(i)!.type);
    expect(types).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', 'RUN_FINISHED']);
    expect(stream.end).toEqual({ reason: 'error', t: 1004, error: 'reset' });
  });

  it('applies nothing for base64 that does not decode, and says so', () => {
    const inspector = createInspector();
    feedInspector(inspector, open('s'));
    const bad: StreamMessage = { kind: 'stream-chunk', streamId: 's', seq: 1, t: 1001, base64: '@@@' };
    expect(feedInspector(inspector, bad)).toBe(false);
    // The decoder is the caller's: one that accepts anything makes the same chunk apply.
    const always = (): Uint8Array =>
      new TextEncoder().encode(frame({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }));
    expect(inspector.model.streams[0]!.rawEvents.length).toBe(0);
    expect(feedInspector(inspector, bad, always)).toBe(true);
    expect(inspector.model.streams[0]!.rawEvents.length).toBe(1);
  });

  it('hands an EventSource message over with its event name and id', () => {
    const inspector = createInspector();
    feedInspector(inspector, open('e', 'eventsource'));
    const data = JSON.stringify({ type: 'RUN_STARTED', threadId: 't', runId: 'r' });
    feedInspector(inspector, {
      kind: 'stream-message',
      streamId: 'e',
      seq: 1,
      t: 1001,
      event: 'message',
      data,
      lastEventId: '7',
    });
    const stream = inspector.model.streams[0]!;
    expect(stream.rawEvents.length).toBe(1);
    expect(stream.rawEvents.at(0)!.type).toBe('RUN_STARTED');
  });
});
