import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseBytes, sseStream } from '../pipeline/sse.test-helper.js';
import { isKeepAliveChunk, runTiming } from './run-timing.js';

const T0 = 2_000_000;
const utf8 = new TextEncoder();
const events = {
  started: { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  open: { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
  token: { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'hi' },
  close: { type: 'TEXT_MESSAGE_END', messageId: 'm' },
  finished: { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
};

describe('runTiming', () => {
  it('measures headers, first event, first token and total from capture times, and keep-alives', () => {
    const inspector = createInspector();
    inspector.openStream({ ...sseStream('s', {}, T0 + 40), requestedAt: T0 });
    inspector.appendBytes('s', sseBytes([events.started, events.open]), T0 + 140);
    inspector.appendBytes('s', utf8.encode(': keep-alive\n\n'), T0 + 500);
    inspector.appendBytes('s', sseBytes([events.token, events.close, events.finished]), T0 + 840);
    inspector.appendBytes('s', utf8.encode(':ping\r\n\r\n'), T0 + 3000);
    const stream = inspector.model.streams[0];
    const run = inspector.model.runs[0];
    if (stream === undefined || run === undefined) throw new Error('no run');
    expect(runTiming(stream, run, undefined, T0 + 7000)).toEqual({
      timed: true,
      headersMs: 40,
      firstEventMs: 100,
      firstTokenMs: 800,
      totalMs: 840,
      ended: true,
      openAfterTerminalMs: 6160,
      keepAlives: [T0 + 500, T0 + 3000],
    });
    inspector.endStream('s', { reason: 'complete', t: T0 + 7100 });
    expect(runTiming(stream, run, undefined, T0 + 9000).openAfterTerminalMs).toBeUndefined();
  });

  it('cannot tell for a file without per-piece times', () => {
    const inspector = createInspector();
    inspector.openStream({ ...sseStream('h', {}, T0), transport: 'import' });
    inspector.appendBytes('h', sseBytes([events.started, events.finished]), T0);
    const [stream, run] = [inspector.model.streams[0], inspector.model.runs[0]];
    if (stream === undefined || run === undefined) throw new Error('no run');
    expect(runTiming(stream, run, undefined, T0)).toEqual({ timed: false, ended: true, keepAlives: [] });
  });

  it('tells a keep-alive chunk from one carrying data', () => {
    expect(isKeepAliveChunk(utf8.encode(': keep-alive\n\n'))).toBe(true);
    expect(isKeepAliveChunk(utf8.encode('\n'))).toBe(false);
    expect(isKeepAliveChunk(utf8.encode(': x\ndata: {}\n\n'))).toBe(false);
  });
});
