import { afterEach, describe, expect, it, vi } from 'vitest';
import { tick } from '../../test/tick.test-helper.js';
import { armMessage, installWithControl } from './replay.test-helper.js';

// The controls as the relay posts them (the tap reads them field by field).
type ReplayTapMessage = Record<string, unknown>;
import {
  chunksText,
  collector,
  fakeWindow,
  readAll,
  responseWith,
  type FakeTapWindow,
} from './fake-window.test-helper.js';

const enc = new TextEncoder();
const frames = [
  'data: {"type":"RUN_STARTED","threadId":"t0","runId":"r0"}\n\n',
  'data: {"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"}\n\n',
  'data: {"type":"RUN_FINISHED","threadId":"t0","runId":"r0"}\n\n',
];
const body = frames.join('');

function run(extra: Partial<{ at: number[]; ends: number[] }> = {}) {
  const ends = extra.ends ?? frames.map((_, i) => enc.encode(frames.slice(0, i + 1).join('')).length);
  // Patches for the four id literals (found by position, as the panel's plan does).
  const patches: number[] = [];
  for (const [field, lit] of [
    [0, '"t0"'],
    [1, '"r0"'],
  ] as const) {
    let at = body.indexOf(lit);
    while (at >= 0) {
      patches.push(at, at + lit.length, field);
      at = body.indexOf(lit, at + 1);
    }
  }
  const sorted: number[] = [];
  const triples = Array.from({ length: patches.length / 3 }, (_, i) => patches.slice(i * 3, i * 3 + 3));
  for (const t of triples.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))) sorted.push(...t);
  return {
    source: 'test.har #1',
    status: 200,
    contentType: 'text/event-stream',
    bytes: enc.encode(body),
    ends: Float64Array.from(ends),
    at: Float64Array.from(extra.at ?? ends.map(() => 0)),
    patches: Float64Array.from(sorted),
  };
}

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
  vi.useRealTimers();
});

function setup(): { win: FakeTapWindow; c: ReturnType<typeof collector>; control: (m: ReplayTapMessage) => void } {
  const win = fakeWindow({ JSON, setTimeout, clearTimeout, DOMException, AbortSignal } as never);
  const rig = installWithControl(win);
  undo = rig.undo;
  return { win, c: rig.c, control: rig.send };
}

const arm = (over: ReplayTapMessage = {}): ReplayTapMessage => armMessage([run()], over);

const agui = {
  method: 'POST',
  headers: { Accept: 'text/event-stream' },
  body: '{"threadId":"T-app","runId":"R-app","messages":[]}',
};

describe('replay in the page tap', () => {
  it('answers the next AG-UI request from the recording, without the network, with the app ids', async () => {
    const { win, c, control } = setup();
    control(arm());
    const res = await win.fetch('https://api.test/agent', agui);
    expect(win.calls.length).toBe(0);
    expect(res).toBeInstanceOf(Response);
    expect([res.status, res.url, res.type, res.headers.get('content-type')]).toEqual([
      200,
      'https://api.test/agent',
      'cors',
      'text/event-stream',
    ]);
    expect(() => res.headers.set('x', '1')).toThrow(TypeError);
    const text = await readAll(res.clone().body as ReadableStream<Uint8Array>);
    expect(text).toBe(body.replace(/"t0"/g, '"T-app"').replace(/"r0"/g, '"R-app"'));
    await res.body?.cancel();
    const open = c.msgs.find((m) => m.kind === 'stream-open');
    expect(open && 'replayed' in open && open.replayed).toEqual({ source: 'test.har #1', armId: 'a1', index: 0 });
    // Armed once: the next request goes to the network.
    win.respond = () => Promise.resolve(responseWith('{}', { headers: { 'content-type': 'application/json' } }));
    await win.fetch('https://api.test/agent', agui);
    expect(win.calls.length).toBe(1);
  });

  it('acknowledges an arm once it is installed, and never one it could not read', () => {
    const { c, control } = setup();
    control(arm({ armId: 'bad-runs', runs: [{ source: 'x' }] }));
    expect(c.msgs.some((m) => m.kind === 'replay-armed')).toBe(false);
    control(arm({ armId: 'a7' }));
    const acks = c.msgs.filter((m) => m.kind === 'replay-armed');
    expect(acks).toEqual([{ kind: 'replay-armed', armId: 'a7', t: expect.any(Number) }]);
  });

  it('keeps exact bytes when ids are not rewritten, and records what it played', async () => {
    const { win, c, control } = setup();
    control(arm({ rewriteIds: false }));
    const res = await win.fetch('https://api.test/agent', agui);
    expect(await readAll(res.body as ReadableStream<Uint8Array>)).toBe(body);
    await tick();
    expect(chunksText(c.msgs)).toBe(body);
    expect(c.kinds().at(-1)).toBe('stream-end');
  });

  it('never answers a non-AG-UI request, nor one outside the URL pattern', async () => {
    const { win, control } = setup();
    control(arm({ pattern: '*/agent' }));
    win.respond = () => Promise.resolve(responseWith('{}', { headers: { 'content-type': 'application/json' } }));
    await win.fetch('https://api.test/other', agui);
    await win.fetch('https://api.test/agent', { method: 'POST', body: '{"hello":1}' });
    await win.fetch('https://api.test/agent');
    expect(win.calls.length).toBe(3);
    // The Request the network got is the page's own request.
    const sent = win.calls[1]?.args[0] as Request;
    expect([sent.method, await sent.text()]).toEqual(['POST', '{"hello":1}']);
    const res = await win.fetch('https://api.test/agent', { method: 'POST', body: agui.body });
    expect(win.calls.length).toBe(3);
    expect(await readAll(res.body as ReadableStream<Uint8Array>)).toContain('T-app');
  });

  it('Step mode delivers pieces only when released; Cancel errors the stream', async () => {
    vi.useFakeTimers(); // before setup: the tap captures the timers and clock at install
    const { win, control } = setup();
    control(arm({ step: true }));
    const res = await win.fetch('https://api.test/agent', agui);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = reader.read();
    let settled = false;
    void first.then(() => (settled = true));
    // However long the page waits (within the arm's minute), nothing comes unreleased.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(settled).toBe(false);
    control({ kind: 'replay-release', armId: 'a1', upTo: 1 });
    expect(new TextDecoder().decode((await first).value)).toContain('RUN_STARTED');
    control({ kind: 'replay-cancel', armId: 'a1' });
    await expect(reader.read()).rejects.toThrow('network error');
  });

  it('plays recorded offsets, disarms, and expires', async () => {
    vi.useFakeTimers();
    const { win, control } = setup();
    control(arm({ runs: [run({ at: [0, 20, 40] })], rewriteIds: false }));
    const res = await win.fetch('https://api.test/agent', agui);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const got: string[] = [];
    const dec = new TextDecoder();
    void (async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read()) got.push(dec.decode(r.value));
    })();
    // Each frame at its recorded offset, not before.
    await vi.advanceTimersByTimeAsync(19);
    expect(got.join('')).toBe(frames[0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(got.join('')).toBe(frames[0]! + frames[1]!);
    await vi.advanceTimersByTimeAsync(20);
    expect(got.join('')).toBe(body);
    win.respond = () => Promise.resolve(responseWith('{}', { headers: { 'content-type': 'application/json' } }));
    control(arm());
    control({ kind: 'replay-disarm', armId: 'a1' });
    await win.fetch('https://api.test/agent', agui);
    expect(win.calls.length).toBe(1);
    control(arm({ ttlMs: 10 }));
    vi.advanceTimersByTime(11);
    await win.fetch('https://api.test/agent', agui);
    expect(win.calls.length).toBe(2);
  });
});

describe('an arm widened by "Answer … too"', () => {
  it('answers a path added to the armed one, only for that arm and only while it has a path', async () => {
    const { win, c, control } = setup();
    win.respond = () => Promise.resolve(responseWith('{}', { headers: { 'content-type': 'application/json' } }));
    control(arm({ path: '/api/copilot/agent' }));
    await win.fetch('https://app.test/agent', agui);
    expect(win.calls.length).toBe(1);
    // Another arm's id widens nothing.
    control({ kind: 'replay-also', armId: 'other', path: '/agent' });
    await win.fetch('https://app.test/agent', agui);
    expect(win.calls.length).toBe(2);
    const widenings = () => c.msgs.filter((m) => m.kind === 'replay-armed' && 'also' in m);
    expect(widenings()).toEqual([]);
    control({ kind: 'replay-also', armId: 'a1', path: '/agent' });
    // The panel hears that the page took it: only then does its bar say so.
    expect(widenings()).toEqual([{ kind: 'replay-armed', armId: 'a1', t: expect.any(Number), also: ['/agent'] }]);
    const res = await win.fetch('https://app.test/agent?x=1', agui);
    expect(await readAll(res.body as ReadableStream<Uint8Array>)).toContain('RUN_FINISHED');
    expect(win.calls.length).toBe(2);
  });
});

describe('a replayed answer that is no AG-UI stream', () => {
  it('reaches the page as a server would send it and is reported as a failed run the arm took', async () => {
    const { win, c, control } = setup();
    const json = '{"error":"Internal Server Error"}';
    const bytes = enc.encode(json);
    const page500 = {
      ...run(),
      status: 500,
      contentType: 'application/json',
      bytes,
      ends: Float64Array.from([bytes.length]),
      at: Float64Array.from([0]),
      patches: new Float64Array(0),
    };
    control(armMessage([page500]));
    const res = await win.fetch('https://api.test/agent', agui);
    expect(win.calls.length).toBe(0);
    expect(res.status).toBe(500);
    expect(res.url).toBe('https://api.test/agent');
    expect(await res.text()).toBe(json);
    await vi.waitFor(() => expect(c.msgs.some((m) => m.kind === 'stream-end')).toBe(true));
    const open = c.msgs.find((m) => m.kind === 'stream-open');
    expect(open).toMatchObject({
      encoding: 'none',
      status: 500,
      url: 'https://api.test/agent',
      replayed: { armId: 'a1', index: 0, source: 'test.har #1' },
    });
    expect(chunksText(c.msgs)).toBe(json);
  });
});

describe('replay against a page that replaces built-ins', () => {
  it('paces with the timers captured at install: a setTimeout the page installs later is never called', async () => {
    const { win, control } = setup();
    let pageTimerCalls = 0;
    const mutable = win as unknown as { setTimeout: typeof setTimeout };
    const original = mutable.setTimeout;
    mutable.setTimeout = ((fn: () => void, ms?: number) => {
      pageTimerCalls++;
      return original(fn, ms);
    }) as typeof setTimeout;
    control(arm({ runs: [run({ at: [0, 10, 20] })], rewriteIds: false }));
    const res = await win.fetch('https://api.test/agent', agui);
    expect(await readAll(res.body as ReadableStream<Uint8Array>)).toBe(body);
    expect(pageTimerCalls).toBe(0);
  });
});

describe('replay edge cases', () => {
  it('leaves a foreign this and an aborted request to the native, still armed', async () => {
    const { win, control } = setup();
    control(arm());
    win.respond = () => Promise.reject(new DOMException('aborted', 'AbortError'));
    const ac = new AbortController();
    ac.abort();
    await expect(win.fetch('https://api.test/agent', { ...agui, signal: ac.signal })).rejects.toThrow('aborted');
    await win.fetch.call({}, 'https://api.test/agent', agui).catch(() => undefined);
    expect(win.calls.length).toBe(2);
    const res = await win.fetch('https://api.test/agent', agui);
    expect(win.calls.length).toBe(2);
    expect(await readAll(res.body as ReadableStream<Uint8Array>)).toContain('T-app');
  });

  it('a recording the page cannot be given fails like a network error, never hangs', async () => {
    const { win, control } = setup();
    control(arm({ runs: [{ ...run(), status: 0 }] }));
    await expect(win.fetch('https://api.test/agent', agui)).rejects.toThrow('Failed to fetch');
    expect(win.calls.length).toBe(0);
  });

  it('an abort after the answer errors the body with an AbortError', async () => {
    const { win, control } = setup();
    control(arm({ step: true }));
    const ac = new AbortController();
    const res = await win.fetch('https://api.test/agent', { ...agui, signal: ac.signal });
    const read = (res.body as ReadableStream<Uint8Array>).getReader().read();
    ac.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
  });
});
