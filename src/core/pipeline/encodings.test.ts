import { EventEncoder } from '@ag-ui/encoder';
import { describe, expect, it } from 'vitest';
import type { StreamEncoding } from '../capture.js';
import { getRun, getStream } from '../reduce/lookup.js';
import { createInspector } from './create-inspector.js';
import { pieces, sseStream } from './sse.test-helper.js';
import { eventArray } from '../model/event-list.js';

const events: Record<string, unknown>[] = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'lookup' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{"id":' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '7}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
];
const body = { threadId: 't', runId: 'r', messages: [], tools: [] };

function open(encoding: StreamEncoding) {
  const insp = createInspector();
  insp.openStream({
    ...sseStream('s', body),
    encoding,
    contentType: encoding === 'proto' ? 'application/vnd.ag-ui.event+proto' : 'text/event-stream',
  });
  return insp;
}

function expectCallBuilt(insp: ReturnType<typeof createInspector>): void {
  const run = getRun(insp.model, 's#0');
  expect(run?.status).toBe('finished');
  const call = run ? run.toolCalls[0] : undefined;
  expect(call?.args).toBe('{"id":7}');
  expect(call?.json).toEqual({ state: 'valid' });
  expect(getStream(insp.model, 's')?.rawEvents.length).toBe(events.length);
}

describe('every stream encoding reaches the same model', () => {
  it('protobuf frames from the real encoder, split mid-frame', () => {
    const enc = new EventEncoder({ accept: 'application/vnd.ag-ui.event+proto' });
    const frames = events.map((e) => enc.encodeBinary(e as unknown as Parameters<EventEncoder['encodeBinary']>[0]));
    const all = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
    frames.reduce((at, f) => (all.set(f, at), at + f.length), 0);
    const insp = open('proto');
    for (const p of pieces(all, 5)) insp.appendBytes('s', p, 1_100);
    insp.endStream('s', { reason: 'complete', t: 1_200 });
    expectCallBuilt(insp);
    expect(getStream(insp.model, 's')?.bytes).toBe(all.length);
  });

  it('EventSource messages', () => {
    const insp = open('eventsource');
    events.forEach((e, i) =>
      insp.appendMessage('s', { event: 'message', data: JSON.stringify(e), lastEventId: '' }, 1_100 + i),
    );
    insp.endStream('s', { reason: 'closed', t: 1_200 });
    expectCallBuilt(insp);
    expect(
      (getStream(insp.model, 's')?.rawEvents ? eventArray(getStream(insp.model, 's')!.rawEvents) : []).map(
        (r) => r.index,
      ),
    ).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('imported events, including one that is not an object', () => {
    const insp = open('events');
    events.forEach((e, i) => insp.appendEvent('s', e, 1_100 + i));
    insp.appendEvent('s', 42, 1_150);
    insp.endStream('s', { reason: 'unknown', t: 1_200 });
    const stream = getStream(insp.model, 's');
    expect(stream?.rawEvents.length).toBe(events.length + 1);
    expect(stream?.rawEvents.at(6)?.problems.length).toBeGreaterThan(0);
    expect(getRun(insp.model, 's#0')?.status).toBe('finished');
  });

  it('pieces of the wrong kind for the stream are recorded but decode to nothing', () => {
    const insp = open('events');
    insp.appendBytes('s', new TextEncoder().encode('data: {}\n\n'), 1_100);
    expect(getStream(insp.model, 's')?.chunks.length).toBe(1);
    expect(getStream(insp.model, 's')?.rawEvents.length).toBe(0);
  });
});
