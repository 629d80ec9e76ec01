import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWindow, readAll } from './fake-window.test-helper.js';
import { armMessage, installWithControl } from './replay.test-helper.js';

// Node has no ProgressEvent: the DOM's shape, enough for the tap.
class ProgressEvent extends Event {
  readonly loaded: number;
  readonly total: number;
  readonly lengthComputable: boolean;
  constructor(type: string, init: ProgressEventInit = {}) {
    super(type);
    this.loaded = init.loaded ?? 0;
    this.total = init.total ?? 0;
    this.lengthComputable = init.lengthComputable ?? false;
  }
}

// A stand-in with the native's shape: state behind prototype accessors that refuse foreign objects.
const sends: unknown[] = [];
const slots = new WeakMap<object, { readyState: number }>();
const slot = (o: unknown) => {
  const s = slots.get(o as object);
  if (!s) throw new TypeError('Illegal invocation');
  return s;
};
class XMLHttpRequest extends EventTarget {
  constructor() {
    super();
    slots.set(this, { readyState: 0 });
  }
  get readyState(): number {
    return slot(this).readyState;
  }
  get status(): number {
    slot(this);
    return 0;
  }
  get statusText(): string {
    return '';
  }
  get responseText(): string {
    slot(this);
    return 'native';
  }
  get response(): string {
    return 'native';
  }
  get responseURL(): string {
    return '';
  }
  get responseType(): string {
    return '';
  }
  open(...args: unknown[]): void {
    void args;
    slot(this).readyState = 1;
  }
  setRequestHeader(...args: unknown[]): void {
    void args;
  }
  send(body?: unknown): void {
    sends.push(body);
  }
  abort(): void {}
  getResponseHeader(name: string): string | null {
    void name;
    slot(this);
    return null;
  }
  getAllResponseHeaders(): string {
    return '';
  }
}

const frames = [
  'data: {"type":"RUN_STARTED","threadId":"t0","runId":"r0"}\n\n',
  'data: {"type":"RUN_FINISHED","threadId":"t0","runId":"r0"}\n\n',
];
const body = frames.join('');
const enc = new TextEncoder();
const bytes = enc.encode(body);
const patches: number[] = [];
for (const [field, lit] of [
  [0, '"t0"'],
  [1, '"r0"'],
] as const)
  for (let at = body.indexOf(lit); at >= 0; at = body.indexOf(lit, at + 1)) patches.push(at, at + lit.length, field);
const sorted = Array.from({ length: patches.length / 3 }, (_, i) => patches.slice(i * 3, i * 3 + 3))
  .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))
  .flat();
const run = (over: Record<string, unknown> = {}) => ({
  source: 'x.har #1',
  status: 200,
  contentType: 'text/event-stream',
  bytes,
  ends: Float64Array.from([enc.encode(frames[0]).length, bytes.length]),
  at: Float64Array.from([0, 0]),
  patches: Float64Array.from(sorted),
  ...over,
});

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
  sends.length = 0;
  vi.useRealTimers();
});

function setup(over: Record<string, unknown> = {}) {
  const win = fakeWindow({
    XMLHttpRequest,
    ProgressEvent,
    JSON,
    setTimeout,
    clearTimeout,
    DOMException,
    AbortSignal,
  } as never);
  const rig = installWithControl(win);
  const { c, send } = rig;
  undo = rig.undo;
  send(armMessage([run()], over));
  const X = (win as unknown as { XMLHttpRequest: typeof XMLHttpRequest }).XMLHttpRequest;
  return { win, c, send, X };
}

const input = '{"threadId":"T","runId":"R","messages":[]}';
function watch(xhr: XMLHttpRequest) {
  const seen: string[] = [];
  for (const t of ['loadstart', 'readystatechange', 'progress', 'load', 'loadend', 'error', 'abort'])
    xhr.addEventListener(t, (e) =>
      seen.push(
        t === 'readystatechange' ? `rs${xhr.readyState}` : `${t}${e instanceof ProgressEvent ? `:${e.loaded}` : ''}`,
      ),
    );
  return seen;
}
// Polls (and, under fake timers, moves the clock) until ok() holds.
const until = (ok: () => boolean): Promise<void> =>
  vi.waitFor(() => {
    if (!ok()) throw new Error('not yet');
  });

describe('XMLHttpRequest replay', () => {
  it('answers an AG-UI POST in the page: states, progress, growing text, status and headers, no network', async () => {
    // The second piece 20 ms after the first: two reads, so two progress events.
    const { c, X } = setup({ runs: [run({ at: Float64Array.from([0, 20]) })] });
    const xhr = new X();
    const seen = watch(xhr);
    const texts: string[] = [];
    xhr.addEventListener('progress', () => texts.push(xhr.responseText));
    xhr.open('POST', 'https://api.test/agent');
    xhr.send(input);
    expect(sends).toEqual([]);
    expect(seen).toEqual(['loadstart:0']);
    const patched = body.replaceAll('"t0"', '"T"').replaceAll('"r0"', '"R"');
    const total = enc.encode(patched).length;
    await until(() => seen.includes(`loadend:${total}`));
    const first = enc.encode(frames[0]?.replace('"t0"', '"T"').replace('"r0"', '"R"')).length;
    expect(seen).toEqual([
      'loadstart:0',
      'rs2',
      'rs3',
      `progress:${first}`,
      'rs3',
      `progress:${total}`,
      'rs4',
      `load:${total}`,
      `loadend:${total}`,
    ]);
    expect(texts[0]).toBe(frames[0]?.replace('"t0"', '"T"').replace('"r0"', '"R"'));
    expect(xhr.responseText).toBe(patched);
    expect([xhr.status, xhr.readyState, xhr.responseURL, xhr.getResponseHeader('Content-Type')]).toEqual([
      200,
      4,
      'https://api.test/agent',
      'text/event-stream',
    ]);
    const open = c.msgs.find((m) => m.kind === 'stream-open');
    expect(open && 'replayed' in open && open.replayed).toEqual({ source: 'x.har #1', armId: 'a1', index: 0 });
    expect(open && 'transport' in open && open.transport).toBe('xhr');
    expect(() => xhr.send(input)).toThrow(/OPENED/);
    // open() makes it the page's own request again.
    xhr.open('GET', 'https://api.test/x');
    expect(xhr.responseText).toBe('native');
  });

  it('a replayed answer that is no AG-UI stream reaches the page and is reported as the failed run the arm took', async () => {
    const json = '{"error":"Internal Server Error"}';
    const page500 = enc.encode(json);
    const { c, X } = setup({
      runs: [
        run({
          status: 500,
          contentType: 'application/json',
          bytes: page500,
          ends: Float64Array.from([page500.length]),
          at: Float64Array.from([0]),
          patches: new Float64Array(0),
        }),
      ],
    });
    const xhr = new X();
    const seen = watch(xhr);
    xhr.open('POST', 'https://api.test/agent');
    xhr.send(input);
    await until(() => seen.some((e) => e.startsWith('loadend')));
    expect(sends).toEqual([]);
    expect([xhr.status, xhr.responseText]).toEqual([500, json]);
    await until(() => c.msgs.some((m) => m.kind === 'stream-end'));
    expect(c.msgs.find((m) => m.kind === 'stream-open')).toMatchObject({
      transport: 'xhr',
      encoding: 'none',
      status: 500,
      replayed: { source: 'x.har #1', armId: 'a1', index: 0 },
    });
  });

  it('leaves non-AG-UI, synchronous and non-text requests to the network, still armed for fetch', async () => {
    const { X, win } = setup();
    const a = new X();
    a.open('GET', 'https://api.test/data.json');
    a.send();
    const b = new X();
    b.open('POST', 'https://api.test/agent', false);
    b.send(input);
    expect(sends).toEqual([undefined, input]);
    const res = await win.fetch('https://api.test/agent', { method: 'POST', body: input });
    expect(win.calls.length).toBe(0);
    expect(await readAll(res.body as ReadableStream<Uint8Array>)).toContain('"T"');
  });

  it('Step waits for releases; Cancel is a network error; abort() ends it as the native does', async () => {
    vi.useFakeTimers(); // before setup: the tap captures the timers at install
    const { X, send } = setup({ step: true, runs: [run(), run()] });
    const xhr = new X();
    const seen = watch(xhr);
    xhr.open('POST', 'https://api.test/agent');
    xhr.setRequestHeader('Accept', 'text/event-stream');
    xhr.send('{}');
    await until(() => seen.includes('rs2'));
    // However long the page waits (within the arm's minute), no body comes unreleased.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(seen.some((s) => s.startsWith('progress'))).toBe(false);
    send({ kind: 'replay-release', armId: 'a1', upTo: 1 });
    await until(() => seen.some((s) => s.startsWith('progress')));
    send({ kind: 'replay-cancel', armId: 'a1' });
    await until(() => seen.includes('loadend:0'));
    expect(seen.slice(-3)).toEqual(['rs4', 'error:0', 'loadend:0']);
    expect([xhr.status, xhr.responseText]).toEqual([0, '']);
    const y = new X();
    const seenY = watch(y);
    y.open('POST', 'https://api.test/agent');
    y.send(input);
    y.abort();
    expect(seenY).toEqual(['loadstart:0', 'rs4', 'abort:0', 'loadend:0']);
    expect(y.readyState).toBe(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(seenY.length).toBe(4);
    expect(sends).toEqual([]);
  });
});
