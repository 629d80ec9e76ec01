// Issue 30: what the page can observe of the tap's reads of its fetch arguments. Armed for
// a replay or not, the page's getters and its URL's toString run once each, in the same
// order; a request the replay does not answer reaches the network at once (a Blob-body
// POST before the GET that follows it); a body the page streams is never pulled by us.
import { afterEach, describe, expect, it } from 'vitest';
import { armMessage, installWithControl } from './replay.test-helper.js';
import { installTap } from './install-tap.js';
import { collector, fakeWindow, responseWith, scriptedBody, type FakeTapWindow } from './fake-window.test-helper.js';

const SSE = { 'content-type': 'text/event-stream' };
const recorded = {
  source: 'test.har #1',
  status: 200,
  contentType: 'text/event-stream',
  bytes: new TextEncoder().encode('data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n'),
  ends: Float64Array.from([57]),
  at: Float64Array.from([0]),
  patches: Float64Array.from([]),
};

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

function setup(armed: boolean): FakeTapWindow {
  const win = fakeWindow({ JSON, setTimeout, clearTimeout, DOMException, AbortSignal } as never);
  const rig = installWithControl(win);
  undo = rig.undo;
  if (armed) rig.send(armMessage([recorded], { pattern: '*/agent' }));
  win.respond = () => Promise.resolve(responseWith('data: 1\n\n', { headers: SSE }));
  return win;
}

/** The page's arguments with every read logged. */
function loggedArgs(log: string[]): [unknown, RequestInit] {
  const url = {
    toString() {
      log.push('url.toString');
      return 'https://api.test/other';
    },
  };
  const init = {} as RequestInit;
  for (const [key, value] of [
    ['method', 'POST'],
    ['headers', { accept: 'application/json' }],
    ['body', '{"hello":1}'],
    ['signal', undefined],
    ['cache', undefined],
  ] as const)
    Object.defineProperty(init, key, {
      get() {
        log.push(key);
        return value;
      },
    });
  return [url, init];
}

describe('the page observes the same reads armed or not', () => {
  it('init getters and the URL toString run once each, in the same order', async () => {
    const logs: string[][] = [];
    for (const armed of [false, true]) {
      const win = setup(armed);
      const log: string[] = [];
      await (await win.fetch(...(loggedArgs(log) as [string, RequestInit]))).text();
      expect(win.calls).toHaveLength(1); // not an AG-UI request: the network answered
      logs.push(log);
      undo?.();
      undo = undefined;
    }
    const [unarmed, armed] = logs;
    expect(armed).toEqual(unarmed);
    for (const key of ['url.toString', 'method', 'headers', 'body', 'signal'])
      expect(unarmed?.filter((k) => k === key)).toHaveLength(1);
  });

  it('a Blob-body POST reaches the network before the GET that follows it, armed', async () => {
    const win = setup(true);
    win.respond = () => Promise.resolve(new Response('{}'));
    const post = win.fetch('https://api.test/agent', { method: 'POST', body: new Blob(['{"hello":1}']) });
    const get = win.fetch('https://api.test/next');
    expect(win.calls.map((c) => (c.args[0] as Request).method)).toEqual(['POST', 'GET']);
    await Promise.all([post, get]);
  });

  it('a duplex streaming upload proceeds while armed; we never pull it', async () => {
    for (const armed of [true, false]) {
      const win = setup(armed);
      const upload = scriptedBody();
      const res = await win.fetch('https://api.test/agent', {
        method: 'POST',
        body: upload.stream,
        duplex: 'half',
      } as RequestInit);
      expect(win.calls).toHaveLength(1);
      expect(await res.text()).toBe('data: 1\n\n');
      expect(upload.pulls()).toBe(0);
      undo?.();
      undo = undefined;
    }
  });

  it('a Request whose body the page streams is recorded as streamed, pulled no more than the native pulls it', async () => {
    const streamed = (): { req: Request; pulls: () => number } => {
      const upload = scriptedBody();
      const init = { method: 'POST', body: upload.stream, duplex: 'half' } as RequestInit;
      return { req: new Request('https://api.test/u', init), pulls: upload.pulls };
    };
    // What a native fetch does first with a Request input (this runtime's cost of it).
    const baseline = streamed();
    void new Request(baseline.req);
    const failing = setup(false);
    failing.respond = () => Promise.reject(new TypeError('Failed to fetch'));
    const rejected = streamed();
    await expect(failing.fetch(rejected.req)).rejects.toThrow('Failed to fetch');
    expect(rejected.pulls()).toBe(baseline.pulls());
    undo?.();
    const c = collector();
    const win = fakeWindow();
    undo = installTap(win, c.emit);
    win.respond = () => Promise.resolve(responseWith('data: 1\n\n', { headers: SSE }));
    const answered = streamed();
    await (await win.fetch(answered.req)).text();
    expect(answered.pulls()).toBe(baseline.pulls());
    expect(c.msgs.find((m) => m.kind === 'stream-open')).toMatchObject({ requestBodyNote: '[stream]' });
  });
});
