import { describe, expect, it } from 'vitest';
import { eventStreamOf } from './worker-streams.js';

const sse = [{ name: 'Content-Type', value: 'text/event-stream; charset=utf-8' }];

describe('eventStreamOf (webRequest details)', () => {
  it('takes event-stream responses only, without the fragment', () => {
    expect(eventStreamOf({ url: 'https://a.test/s#x', tabId: 3, responseHeaders: sse })).toEqual({
      url: 'https://a.test/s',
      tabId: 3,
    });
    expect(
      eventStreamOf({
        url: 'https://a.test/j',
        tabId: 3,
        responseHeaders: [{ name: 'content-type', value: 'application/json' }],
      }),
    ).toBeUndefined();
    expect(eventStreamOf({ url: 'https://a.test/n', tabId: 3 })).toBeUndefined();
  });

  it('attributes tab-less requests by initiator origin, never our own or opaque ones', () => {
    expect(
      eventStreamOf({ url: 'https://a.test/s', tabId: -1, initiator: 'https://a.test', responseHeaders: sse }),
    ).toEqual({ url: 'https://a.test/s', origin: 'https://a.test' });
    expect(
      eventStreamOf({ url: 'https://a.test/s', tabId: -1, initiator: 'null', responseHeaders: sse }),
    ).toBeUndefined();
    expect(
      eventStreamOf({ url: 'https://a.test/s', tabId: -1, initiator: 'chrome-extension://abc', responseHeaders: sse }),
    ).toBeUndefined();
    expect(eventStreamOf({ url: 'https://a.test/s', tabId: -1, responseHeaders: sse })).toBeUndefined();
  });
});
