// A Chrome-style HAR 1.2 ("Save all as HAR with content") for the recorded demo
// exchanges: request headers and postData, response headers and content, binary
// bodies base64 as Chrome stores them. Times are fixed so the output is reproducible.

export interface RecordedExchange {
  readonly url: string;
  readonly method: string;
  readonly requestHeaders: readonly [string, string][];
  readonly requestBody?: string;
  readonly status: number;
  readonly responseHeaders: readonly [string, string][];
  readonly body: Uint8Array;
  /** 'fetch' for HttpAgent, 'eventsource' for the GET stream (Chrome's _resourceType). */
  readonly resourceType: 'fetch' | 'eventsource';
}

const BASE_TIME = Date.parse('2026-12-01T10:00:00.000Z');
const headerList = (h: readonly [string, string][]) => h.map(([name, value]) => ({ name, value }));

function content(x: RecordedExchange, mimeType: string): Record<string, unknown> {
  const size = x.body.length;
  if (!mimeType.startsWith('text/')) return { size, mimeType, text: Buffer.from(x.body).toString('base64'), encoding: 'base64' };
  return { size, mimeType, text: new TextDecoder().decode(x.body) };
}

export function chromeHar(exchanges: readonly RecordedExchange[], pageUrl: string): unknown {
  return {
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [{ startedDateTime: new Date(BASE_TIME).toISOString(), id: 'page_1', title: pageUrl, pageTimings: { onContentLoad: 120.5, onLoad: 180.2 } }],
      entries: exchanges.map((x, i) => {
        const url = new URL(x.url);
        const mimeType = x.responseHeaders.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/octet-stream';
        const time = 40 + x.body.length / 100;
        return {
          _initiator: { type: 'script', stack: { callFrames: [] } },
          _priority: 'High',
          _resourceType: x.resourceType,
          cache: {},
          connection: String(40_000 + i),
          pageref: 'page_1',
          request: {
            method: x.method,
            url: x.url,
            httpVersion: 'HTTP/1.1',
            headers: headerList(x.requestHeaders),
            queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
            cookies: [],
            headersSize: -1,
            bodySize: x.requestBody ? Buffer.byteLength(x.requestBody) : 0,
            ...(x.requestBody !== undefined ? { postData: { mimeType: 'application/json', text: x.requestBody } } : {}),
          },
          response: {
            status: x.status,
            statusText: x.status === 200 ? 'OK' : '',
            httpVersion: 'HTTP/1.1',
            headers: headerList(x.responseHeaders),
            cookies: [],
            content: content(x, mimeType),
            redirectURL: '',
            headersSize: -1,
            bodySize: -1,
            _transferSize: x.body.length + 160,
            _error: null,
            _fetchedViaServiceWorker: false,
          },
          serverIPAddress: '127.0.0.1',
          startedDateTime: new Date(BASE_TIME + 1000 * (i + 1)).toISOString(),
          time,
          timings: { blocked: 1, dns: -1, ssl: -1, connect: -1, send: 0.2, wait: 30, receive: time - 31.2, _blocked_queueing: 0.6 },
        };
      }),
    },
  };
}
