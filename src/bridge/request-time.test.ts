// The request time a tap claims travels to the core's open info only when it is plausible.
import { describe, expect, it } from 'vitest';
import type { TapItem } from './messages.js';
import { sanitizeTapMessage } from './relay-sanitize.js';
import { openInfoOf, type StreamOpenMessage } from './stream-open.js';

const NOW = 1_700_000_000_000;
const open = (requestedAt: number | undefined): StreamOpenMessage => ({
  kind: 'stream-open',
  streamId: 's1',
  seq: 0,
  t: NOW - 1_000,
  transport: 'fetch',
  encoding: 'sse',
  url: 'https://a.test/run',
  method: 'POST',
  requestHeaders: {},
  status: 200,
  contentType: 'text/event-stream',
  frameUrl: 'https://a.test/',
  ...(requestedAt !== undefined ? { requestedAt } : {}),
});
const through = (m: StreamOpenMessage): ReturnType<typeof openInfoOf> =>
  openInfoOf(sanitizeTapMessage(m as TapItem, NOW, 'https://a.test/') as StreamOpenMessage);

describe('request time across the bridge', () => {
  it('reaches the open info beside the head time', () => {
    expect(through(open(NOW - 1_400))).toMatchObject({ startedAt: NOW - 1_000, requestedAt: NOW - 1_400 });
  });

  it('is dropped when it comes after the head or far off the clock, and absent stays absent', () => {
    expect(through(open(NOW - 500)).requestedAt).toBeUndefined();
    expect(through(open(-1e300)).requestedAt).toBeUndefined();
    expect('requestedAt' in through(open(undefined))).toBe(false);
  });
});
