// A Chrome-style HAR 1.2 ("Save all as HAR with content") for the recorded demo
// exchanges: request headers and postData, response headers and content, binary
// bodies base64 as Chrome stores them. Times are fixed so the output is reproducible.
import { chromeHar as buildChromeHar, type HarExchange } from './fixtures/har-build.js';

/** What crossed the wire; the HAR-only fields (mime type, times, connection) are filled in below. */
export type RecordedExchange = Pick<
  HarExchange,
  'url' | 'method' | 'requestHeaders' | 'requestBody' | 'status' | 'responseHeaders'
> & {
  readonly body: Uint8Array;
  /** 'fetch' for HttpAgent, 'eventsource' for the GET stream (Chrome's _resourceType). */
  readonly resourceType: 'fetch' | 'eventsource';
};

const BASE_TIME = Date.parse('2026-12-01T10:00:00.000Z');

/** The recorded exchange as Chrome would save it: one second apart, each on its own connection. */
function harExchange(x: RecordedExchange, i: number): HarExchange {
  const mimeType =
    x.responseHeaders.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/octet-stream';
  return {
    ...x,
    mimeType,
    base64: !mimeType.startsWith('text/'),
    startedDateTime: new Date(BASE_TIME + 1000 * (i + 1)).toISOString(),
    time: 40 + x.body.length / 100,
    connection: String(40_000 + i),
  };
}

export function chromeHar(exchanges: readonly RecordedExchange[], pageUrl: string): unknown {
  return buildChromeHar(exchanges.map(harExchange), {
    title: pageUrl,
    startedDateTime: new Date(BASE_TIME).toISOString(),
    pageTimings: { onContentLoad: 120.5, onLoad: 180.2 },
    blocked: 1,
    wait: 30,
    queueing: 0.6,
    headerBytes: 160,
    listQuery: true,
  });
}
