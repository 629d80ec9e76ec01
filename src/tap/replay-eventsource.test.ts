import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWindow } from './fake-window.test-helper.js';
import { armMessage, installWithControl } from './replay.test-helper.js';
import { createSseParser } from './sse-parse.js';
import { captureIntrinsics } from './intrinsics.js';

// A stand-in with the native's shape: accessors on the prototype that refuse foreign objects.
const slots = new WeakMap<object, { url: string; readyState: number; opened: boolean }>();
const made: string[] = [];
const slot = (o: unknown) => {
  const s = slots.get(o as object);
  if (!s) throw new TypeError('Illegal invocation');
  return s;
};
class EventSource extends EventTarget {
  constructor(url: string, ...init: [EventSourceInit?]) {
    super();
    void init;
    made.push(String(url));
    slots.set(this, { url: String(url), readyState: 0, opened: false });
  }
  get url(): string {
    return slot(this).url;
  }
  get readyState(): number {
    return slot(this).readyState;
  }
  get withCredentials(): boolean {
    slot(this);
    return false;
  }
  close(): void {
    slot(this).readyState = 2;
  }
}
for (const t of ['open', 'message', 'error'])
  Object.defineProperty(EventSource.prototype, `on${t}`, {
    get(this: object) {
      slot(this);
      return null;
    },
    set(this: object) {
      slot(this);
    },
    configurable: true,
    enumerable: true,
  });

const enc = new TextEncoder();
const body =
  ': hello\n\nid: 7\ndata: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n' +
  'event: custom\ndata: a\r\ndata: b\r\n\r\n' +
  'data: {"type":"RUN_FINISHED","threadId":"t","runId":"r"}\n\n';
const cuts = [body.indexOf('event:'), body.indexOf('data: {"type":"RUN_FIN'), body.length];

function run(over: Record<string, unknown> = {}) {
  return {
    source: 'es.har #1',
    status: 200,
    contentType: 'text/event-stream',
    bytes: enc.encode(body),
    ends: Float64Array.from(cuts),
    at: Float64Array.from([0, 0, 0]),
    patches: new Float64Array(0),
    ...over,
  };
}

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
  made.length = 0;
  vi.useRealTimers();
});

function setup(armOver: Record<string, unknown> = {}) {
  const win = fakeWindow({ EventSource, JSON, setTimeout, clearTimeout, DOMException, AbortSignal } as never);
  const rig = installWithControl(win);
  const { c, send } = rig;
  undo = rig.undo;
  send(armMessage([run()], armOver));
  const ES = (win as unknown as { EventSource: typeof EventSource }).EventSource;
  return { win, c, send, ES };
}

function record(es: EventTarget, types: string[]) {
  const seen: { type: string; data?: unknown; id?: string; state: number; origin?: string }[] = [];
  for (const t of types)
    es.addEventListener(t, (e) => {
      const m = e as MessageEvent;
      seen.push({
        type: e.type,
        state: (es as unknown as { readyState: number }).readyState,
        ...(e instanceof MessageEvent ? { data: m.data, id: m.lastEventId, origin: m.origin } : {}),
      });
    });
  return seen;
}

// Polls (and, under fake timers, moves the clock) until ok() holds.
const until = (ok: () => boolean): Promise<void> =>
  vi.waitFor(() => {
    if (!ok()) throw new Error('not yet');
  });

describe('EventSource replay', () => {
  it('answers the next EventSource from the recording: open, messages, then a dropped connection', async () => {
    const { c, ES } = setup();
    const es = new ES('/events?x=1');
    expect(made).toEqual([]); // no native source, so no request
    expect(es).toBeInstanceOf(ES);
    expect([es.url, es.readyState, es.withCredentials]).toEqual(['https://app.test/events?x=1', 0, false]);
    let handled = 0;
    (es as unknown as { onmessage: unknown }).onmessage = () => handled++;
    const seen = record(es, ['open', 'message', 'custom', 'error']);
    await until(() => seen.some((s) => s.type === 'error'));
    expect(seen.map((s) => s.type)).toEqual(['open', 'message', 'custom', 'message', 'error']);
    expect(seen[1]).toMatchObject({ data: '{"type":"RUN_STARTED","threadId":"t","runId":"r"}', id: '7', state: 1 });
    expect(seen[1]?.origin).toBe('https://app.test');
    expect(seen[2]).toMatchObject({ data: 'a\nb', id: '7' });
    expect(seen.at(-1)?.state).toBe(0); // reconnecting, as after a server's end of stream
    expect(handled).toBe(2);
    const open = c.msgs.find((m) => m.kind === 'stream-open');
    expect(open && 'replayed' in open && open.replayed).toEqual({ source: 'es.har #1', armId: 'a1', index: 0 });
    expect(c.msgs.filter((m) => m.kind === 'stream-message').length).toBe(3);
    es.close();
    expect(es.readyState).toBe(2);
    // Armed once: the next EventSource is a native one.
    new ES('/events');
    expect(made).toEqual(['/events']);
  });

  it('Step delivers on release; Cancel drops the connection; close stops it', async () => {
    vi.useFakeTimers(); // before setup: the tap captures the timers at install
    const { ES, send } = setup({ step: true });
    const es = new ES('https://other.test/events');
    const seen = record(es, ['open', 'message', 'error']);
    await until(() => seen.length === 1);
    // However long the page waits (within the arm's minute), no message comes unreleased.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(seen.map((s) => s.type)).toEqual(['open']);
    send({ kind: 'replay-release', armId: 'a1', upTo: 1 });
    await until(() => seen.length === 2);
    expect(seen[1]?.id).toBe('7');
    send({ kind: 'replay-cancel', armId: 'a1' });
    await until(() => seen.length === 3);
    expect(seen[2]).toMatchObject({ type: 'error', state: 0 });
  });

  it('a recorded failure status fails the connection; a close before open fires nothing', async () => {
    vi.useFakeTimers();
    const { ES, send } = setup({ runs: [run({ status: 500 }), run()] });
    const es = new ES('/events');
    const seen = record(es, ['open', 'error']);
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ type: 'error', state: 2 }]);
    const es2 = new ES('/events');
    const seen2 = record(es2, ['open', 'message', 'error']);
    es2.close();
    await vi.advanceTimersByTimeAsync(30_000);
    expect([seen2.length, es2.readyState, made.length]).toEqual([0, 2, 0]);
    send({ kind: 'replay-disarm', armId: 'a1' });
  });

  it('leaves sources outside the pattern, and all when the next run is not an event stream, to the network', () => {
    const { ES } = setup({ pattern: '/agent/', runs: [run(), run({ contentType: 'application/json' })] });
    const es = new ES('/other');
    expect(made).toEqual(['/other']);
    expect(es.url).toBe('/other'); // the native getter still answers for native sources
    new ES('/agent/x');
    expect(made).toEqual(['/other']);
    new ES('/agent/y');
    expect(made).toEqual(['/other', '/agent/y']);
  });

  it('converts the URL once, armed or not, and keeps the native errors', () => {
    const { ES } = setup({ pattern: 'nothing-matches' });
    let reads = 0;
    const url = { toString: () => (reads++, '/x') };
    new ES(url as unknown as string);
    expect(reads).toBe(1);
    new (ES as unknown as new () => object)(); // no URL: the native's own TypeError, unchanged arguments
    expect(made).toEqual(['/x', 'undefined']);
    const getter = Object.getOwnPropertyDescriptor(ES.prototype, 'readyState')?.get;
    expect(getter?.name).toBe('get readyState');
    expect(Function.prototype.toString.call(getter)).toBe('function get readyState() { [native code] }');
    expect(() => getter?.call({})).toThrow('Illegal invocation');
  });
});

describe('page-side SSE parsing', () => {
  it('splits on CR, LF and CRLF across pushes and keeps the last id', () => {
    const p = createSseParser(captureIntrinsics(globalThis as never));
    expect(p.push('data: x\r')).toEqual([]);
    expect(p.push('\n\r\nid: 1\ndata')).toEqual([{ type: 'message', data: 'x', lastEventId: '' }]);
    expect(p.push('\n\nretry: 5\nevent: e\ndata:y\n\ndata: z\n\n')).toEqual([
      { type: 'message', data: '', lastEventId: '1' },
      { type: 'e', data: 'y', lastEventId: '1' },
      { type: 'message', data: 'z', lastEventId: '1' },
    ]);
    // A CR at the end of a push, then an empty push (a split UTF-8 sequence), then its LF.
    expect(p.push('data: é\r')).toEqual([]);
    expect(p.push('')).toEqual([]);
    expect(p.push('\n\r')).toEqual([{ type: 'message', data: 'é', lastEventId: '1' }]);
    expect(p.push('data: w\n\n')).toEqual([{ type: 'message', data: 'w', lastEventId: '1' }]);
  });
});
