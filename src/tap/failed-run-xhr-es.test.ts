// Failed run requests over XMLHttpRequest and EventSource become failed runs (encoding 'none'),
// as over fetch (./failed-run.test.ts): an error status or another content type with the start
// of the body, a network error, an abort before any answer, an EventSource that never opened.
import { afterEach, describe, expect, it } from 'vitest';
import { installTap } from './install-tap.js';
import { chunksText, collector, fakeWindow } from './fake-window.test-helper.js';

class FakeEventSource extends EventTarget {
  readyState = 0;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
  }
  close(): void {
    this.readyState = 2;
  }
  fire(type: string, readyState?: number): void {
    if (readyState !== undefined) this.readyState = readyState;
    else if (type === 'open') this.readyState = 1;
    this.dispatchEvent(new Event(type));
  }
}

class FakeXhr extends EventTarget {
  readyState = 0;
  status = 0;
  responseText = '';
  responseType: XMLHttpRequestResponseType = '';
  responseURL = '';
  private contentType = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string): void {
    this.responseURL = new URL(url, 'https://app.test/page').href;
    void method;
    this.readyState = 1;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body?: string): void {
    void body;
  }
  getResponseHeader(name: string): string | null {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  answer(status: number, contentType: string, body: string): void {
    this.contentType = contentType;
    this.status = status;
    this.readyState = 2;
    this.dispatchEvent(new Event('readystatechange'));
    this.readyState = 4;
    this.responseText = body;
    this.dispatchEvent(new Event('readystatechange'));
    this.dispatchEvent(new Event('load'));
  }
  fail(type: 'error' | 'abort' | 'timeout'): void {
    this.readyState = 4;
    this.dispatchEvent(new Event('readystatechange'));
    this.dispatchEvent(new Event(type));
  }
}

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

function setup() {
  const win = fakeWindow({
    EventSource: FakeEventSource as unknown as typeof EventSource,
    XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
  });
  const c = collector();
  undo = installTap(win, c.emit);
  const xhr = (): FakeXhr => new (win.XMLHttpRequest as typeof XMLHttpRequest)() as unknown as FakeXhr;
  const es = (url: string): FakeEventSource =>
    new (win.EventSource as typeof EventSource)(url) as unknown as FakeEventSource;
  return { c, xhr, es };
}

const RUN_BODY = '{"threadId":"t1","runId":"r1","messages":[]}';

describe('XMLHttpRequest run requests that fail', () => {
  it('a 503 text answer is a failed run with its status, type and the start of its body', () => {
    const { c, xhr } = setup();
    const x = xhr();
    x.open('POST', '/agent');
    x.send(RUN_BODY);
    x.answer(503, 'text/plain', 'upstream down');
    expect(c.msgs[1]).toMatchObject({
      kind: 'stream-open',
      transport: 'xhr',
      encoding: 'none',
      method: 'POST',
      status: 503,
      contentType: 'text/plain',
      requestBody: RUN_BODY,
    });
    expect(chunksText(c.msgs)).toBe('upstream down');
    expect(c.msgs.at(-1)).toMatchObject({ kind: 'stream-end', reason: 'complete' });
    expect(x.responseText).toBe('upstream down');
  });

  it('keeps at most 4 kB of the body', () => {
    const { c, xhr } = setup();
    const x = xhr();
    x.open('POST', '/agent');
    x.send(RUN_BODY);
    x.answer(500, 'text/html', 'x'.repeat(10_000));
    expect(chunksText(c.msgs)).toHaveLength(4096);
  });

  it('a network error and an abort before any answer, for a request that accepts an event stream', () => {
    const { c, xhr } = setup();
    const a = xhr();
    a.open('GET', '/stream');
    a.setRequestHeader('Accept', 'text/event-stream');
    a.send();
    a.fail('error');
    const b = xhr();
    b.open('POST', '/agent');
    b.send(RUN_BODY);
    b.fail('abort');
    const opens = c.msgs.filter((m) => m.kind === 'stream-open');
    expect(opens).toMatchObject([
      { transport: 'xhr', encoding: 'none', status: 0, method: 'GET' },
      { transport: 'xhr', encoding: 'none', status: 0, method: 'POST' },
    ]);
    expect(c.msgs.filter((m) => m.kind === 'stream-end')).toMatchObject([
      {
        reason: 'error',
        error: 'the XMLHttpRequest failed (refused, DNS, CORS or TLS: the browser does not say which)',
      },
      { reason: 'aborted' },
    ]);
  });

  it('leaves a request that is not a run request alone, and an AG-UI protobuf answer', () => {
    const { c, xhr } = setup();
    const plain = xhr();
    plain.open('GET', '/data');
    plain.send();
    plain.answer(500, 'application/json', '{"error":"x"}');
    const proto = xhr();
    proto.open('POST', '/agent');
    proto.send(RUN_BODY);
    proto.answer(200, 'application/vnd.ag-ui.event+proto', '');
    expect(c.kinds()).toEqual(['tap-ready']);
  });
});

describe('EventSource connections that fail', () => {
  it('an error before open that closes the source is a failed run, reported once', () => {
    const { c, es } = setup();
    const source = es('https://a.test/events');
    source.fire('error', 2);
    source.fire('error', 2);
    expect(c.msgs.filter((m) => m.kind === 'stream-open')).toMatchObject([
      { transport: 'eventsource', encoding: 'none', method: 'GET', url: 'https://a.test/events', status: 0 },
    ]);
    const end = c.msgs.find((m) => m.kind === 'stream-end');
    expect(end).toMatchObject({ reason: 'error' });
    expect(end?.kind === 'stream-end' && end.error).toMatch(/failed to connect and closed/);
  });

  it('a network error it retries is reported once until a connection opens; an open stream ends as before', () => {
    const { c, es } = setup();
    const source = es('https://a.test/events');
    source.fire('error', 0);
    source.fire('error', 0);
    source.fire('open');
    source.fire('error', 0);
    source.fire('error', 0);
    const opens = c.msgs.filter((m) => m.kind === 'stream-open');
    expect(opens.map((m) => m.kind === 'stream-open' && m.encoding)).toEqual(['none', 'eventsource', 'none']);
    const ends = c.msgs.filter((m) => m.kind === 'stream-end');
    expect(ends.map((m) => m.kind === 'stream-end' && m.error)).toEqual([
      'the EventSource could not connect (network error); it keeps retrying',
      'reconnecting',
      'the EventSource could not connect (network error); it keeps retrying',
    ]);
  });
});
