// Test helper: the smallest HAR 1.2 entry of a POST answered with an SSE body, as tests
// that hand-make a HAR need it (the Chrome-shaped fixtures are scripts/fixtures/har-build.ts).

export interface SseExchange {
  readonly url: string;
  readonly requestBody: string;
  readonly sse: string;
  /** The entry's time in ms (the HAR's receive phase takes it all). */
  readonly time: number;
}

export function sseHarEntry(x: SseExchange): Record<string, unknown> {
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: x.time,
    request: {
      method: 'POST',
      url: x.url,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'content-type', value: 'application/json' }],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: -1,
      postData: { mimeType: 'application/json', text: x.requestBody },
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'content-type', value: 'text/event-stream' }],
      cookies: [],
      content: { size: x.sse.length, mimeType: 'text/event-stream', text: x.sse },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: x.time - 1, receive: 1 },
  };
}
