import { describe, expect, it } from 'vitest';
import type { EventSourceMessage, StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { Inspector } from '../inspector.js';
import type { SessionModel } from '../model/types.js';
import { feedCaptures } from './feed.js';
import type { Capture } from './types.js';

function recorder(): { inspector: Inspector; calls: string[] } {
  const calls: string[] = [];
  const inspector: Inspector = {
    model: {} as SessionModel,
    openStream: (info: StreamOpenInfo) => void calls.push(`open ${info.streamId}`),
    appendBytes: (id: string, bytes: Uint8Array, t: number) => void calls.push(`bytes ${id} ${bytes.length} @${t}`),
    appendMessage: (id: string, m: EventSourceMessage, t: number) => void calls.push(`message ${id} ${m.data} @${t}`),
    appendEvent: (id: string, _e: unknown, t: number) => void calls.push(`event ${id} @${t}`),
    endStream: (id: string, end: StreamEndInfo) => void calls.push(`end ${id} ${end.reason}`),
    evictOldestRuns: () => ({ runs: 0, bytes: 0 }),
    tick: (now: number) => void calls.push(`tick @${now}`),
    setTimingLimits: () => undefined,
  };
  return { inspector, calls };
}

const open = (streamId: string, startedAt: number, encoding: StreamOpenInfo['encoding'] = 'sse'): StreamOpenInfo => ({
  streamId,
  transport: 'fetch',
  encoding,
  url: '',
  method: 'POST',
  requestHeaders: {},
  status: 200,
  contentType: '',
  startedAt,
});

describe('feedCaptures', () => {
  it('interleaves concurrent streams by time, each in its own order', () => {
    const a: Capture = {
      open: open('a', 10),
      pieces: [
        { t: 20, kind: 'bytes', data: new Uint8Array(1) },
        { t: 40, kind: 'bytes', data: new Uint8Array(2) },
      ],
      end: { reason: 'complete', t: 50 },
    };
    const b: Capture = {
      open: open('b', 15, 'eventsource'),
      pieces: [
        { t: 30, kind: 'message', message: { event: 'message', data: 'x', lastEventId: '' } },
        { t: 5, kind: 'event', event: {} },
      ],
    };
    const { inspector, calls } = recorder();
    feedCaptures(inspector, [a, b]);
    expect(calls).toEqual([
      'open a',
      'open b',
      'bytes a 1 @20',
      'message b x @30',
      // b's clock went backwards: it still comes after b's earlier piece, and first now.
      'event b @5',
      'bytes a 2 @40',
      'end a complete',
      // b never ended: judged at the capture's last time, a's end.
      'tick @50',
    ]);
  });
});
