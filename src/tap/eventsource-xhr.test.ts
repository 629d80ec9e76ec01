import { afterEach, describe, expect, it } from 'vitest';
import { installTap } from './install-tap.js';
import { chunksText, collector, fakeWindow } from './fake-window.test-helper.js';

// Named like the native, with its length (1), so the tapped global can be compared with it.
const FakeEventSource = class EventSource extends EventTarget {
  static readonly CONNECTING = 0;
  readyState = 0;
  readonly url: string;
  constructor(url: string, ...init: [EventSourceInit?]) {
    super();
    this.url = url;
    void init;
  }
  close(): void {
    this.readyState = 2;
  }
  fire(type: string, data?: string, lastEventId = ''): void {
    if (type === 'open') this.readyState = 1;
    this.dispatchEvent(data === undefined ? new Event(type) : new MessageEvent(type, { data, lastEventId }));
  }
};
type FakeEventSource = InstanceType<typeof FakeEventSource>;

class FakeXhr extends EventTarget {
  readyState = 0;
  status = 0;
  responseText = '';
  responseType: XMLHttpRequestResponseType = '';
  responseURL = '';
  sent: unknown;
  private contentType = '';
  open(): void {
    this.readyState = 1;
  }
  setRequestHeader(): void {}
  send(body?: unknown): void {
    this.sent = body;
  }
  getResponseHeader(name: string): string | null {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  serve(contentType: string, status = 200): void {
    this.contentType = contentType;
    this.status = status;
    this.readyState = 2;
    this.dispatchEvent(new Event('readystatechange'));
  }
  grow(text: string): void {
    this.readyState = 3;
    this.responseText += text;
    this.dispatchEvent(new Event('progress'));
  }
  finish(): void {
    this.readyState = 4;
    this.dispatchEvent(new Event('load'));
  }
}

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

function setup(): { win: ReturnType<typeof fakeWindow>; c: ReturnType<typeof collector> } {
  const win = fakeWindow({
    EventSource: FakeEventSource as unknown as typeof EventSource,
    XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
  });
  const c = collector();
  undo = installTap(win, c.emit);
  return { win, c };
}

describe('EventSource tap', () => {
  it('is a native-looking subclass: instanceof, constructor, name, length', () => {
    const { win } = setup();
    const ES = win.EventSource as typeof EventSource;
    const es = new ES('https://a.test/events');
    expect(es).toBeInstanceOf(FakeEventSource);
    expect(es).toBeInstanceOf(ES);
    expect(es.constructor).toBe(ES);
    expect([ES.name, ES.length]).toEqual(['EventSource', 1]);
    expect(Function.prototype.toString.call(ES)).toBe('function EventSource() { [native code] }');
    expect(Function.prototype.toString.call(es.addEventListener)).toBe('function addEventListener() { [native code] }');
  });

  it('captures open, message, named types the page listens for, lastEventId and close', () => {
    const { win, c } = setup();
    const es = new (win.EventSource as typeof EventSource)('https://a.test/events') as unknown as FakeEventSource;
    const seen: string[] = [];
    es.addEventListener('tick', (e) => seen.push((e as MessageEvent).data as string));
    es.fire('open');
    es.fire('message', 'm1', '1');
    es.fire('tick', 't1', '2');
    es.fire('unheard', 'u1', '3');
    es.close();
    expect(seen).toEqual(['t1']);
    const msgs = c.msgs.filter((m) => m.kind === 'stream-message');
    expect(msgs.map((m) => m.kind === 'stream-message' && [m.event, m.data, m.lastEventId])).toEqual([
      ['message', 'm1', '1'],
      ['tick', 't1', '2'],
    ]);
    expect(c.msgs[1]).toMatchObject({
      kind: 'stream-open',
      transport: 'eventsource',
      encoding: 'eventsource',
      url: 'https://a.test/events',
    });
    expect(c.msgs.at(-1)).toMatchObject({ kind: 'stream-end', reason: 'closed' });
    expect(es.readyState).toBe(2);
  });

  it('a reconnect ends one stream with an error and opens another', () => {
    const { win, c } = setup();
    const es = new (win.EventSource as typeof EventSource)('https://a.test/e') as unknown as FakeEventSource;
    es.fire('open');
    es.readyState = 0;
    es.fire('error');
    es.fire('open');
    const opens = c.msgs.filter((m) => m.kind === 'stream-open');
    expect(opens).toHaveLength(2);
    expect(c.msgs.filter((m) => m.kind === 'stream-end')).toMatchObject([{ reason: 'error', error: 'reconnecting' }]);
  });
});

describe('XMLHttpRequest tap', () => {
  it('captures responseText increments of an event stream with coarse timing', () => {
    const { win, c } = setup();
    const xhr = new (win.XMLHttpRequest as typeof XMLHttpRequest)() as unknown as FakeXhr & XMLHttpRequest;
    xhr.open('post', '/run');
    xhr.setRequestHeader('Authorization', 'Bearer s');
    xhr.send('{"runId":"1"}');
    expect(xhr.sent).toBe('{"runId":"1"}');
    xhr.serve('text/event-stream');
    xhr.grow('data: a\n\n');
    xhr.grow('data: €\n\n');
    xhr.finish();
    expect(c.msgs[1]).toMatchObject({
      kind: 'stream-open',
      transport: 'xhr',
      method: 'POST',
      coarseTiming: true,
      requestBody: '{"runId":"1"}',
      requestHeaders: { authorization: '[redacted]' },
    });
    expect(chunksText(c.msgs)).toBe('data: a\n\ndata: €\n\n');
    expect(c.msgs.at(-1)).toMatchObject({ kind: 'stream-end', reason: 'complete' });
  });

  it('an XHR stream opens with the time it was sent, for time to headers', () => {
    let now = 2_000;
    class ClockedDate extends Date {
      static override now(): number {
        return now;
      }
    }
    const win = fakeWindow({
      XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
      Date: ClockedDate as unknown as DateConstructor,
    });
    const c = collector();
    undo = installTap(win, c.emit);
    const xhr = new (win.XMLHttpRequest as typeof XMLHttpRequest)() as unknown as FakeXhr & XMLHttpRequest;
    xhr.open('POST', '/run');
    xhr.send('{}');
    now = 2_250;
    xhr.serve('text/event-stream');
    expect(c.msgs.find((m) => m.kind === 'stream-open')).toMatchObject({ t: 2_250, requestedAt: 2_000 });
  });

  it('ignores non-stream responses entirely', () => {
    const { win, c } = setup();
    const xhr = new (win.XMLHttpRequest as typeof XMLHttpRequest)() as unknown as FakeXhr & XMLHttpRequest;
    xhr.open('GET', '/data');
    xhr.send();
    xhr.serve('application/json');
    xhr.grow('{"a":1}');
    xhr.finish();
    expect(c.kinds()).toEqual(['tap-ready']);
    expect(Function.prototype.toString.call(xhr.open)).toBe('function open() { [native code] }');
  });
});

describe('installTap', () => {
  it('reports tap-ready with a frame id and restores everything on uninstall', () => {
    const win = fakeWindow();
    const fetchBefore = win.fetch;
    const toStringBefore = Function.prototype.toString;
    const c = collector();
    const un = installTap(win, c.emit);
    expect(c.msgs[0]).toMatchObject({ kind: 'tap-ready', top: true, frameUrl: 'https://app.test/page' });
    expect(win.fetch).not.toBe(fetchBefore);
    un();
    expect(win.fetch).toBe(fetchBefore);
    expect(Function.prototype.toString).toBe(toStringBefore);
  });
});
