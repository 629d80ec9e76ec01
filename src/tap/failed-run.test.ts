// A run request with no AG-UI answer is reported as a stream of encoding 'none' (open, the
// body's start read from a clone, end); the page gets exactly what it would have got.
import { afterEach, describe, expect, it } from 'vitest';
import { installTap } from './install-tap.js';
import { chunksText, collector, fakeWindow, scriptedBody, type FakeTapWindow } from './fake-window.test-helper.js';
import type { TapWireMessage } from '../bridge/messages.js';

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

function setup(): { win: FakeTapWindow; c: ReturnType<typeof collector> } {
  const win = fakeWindow();
  const c = collector();
  undo = installTap(win, c.emit, {});
  return { win, c };
}

const RUN_INPUT = JSON.stringify({ threadId: 't1', runId: 'r1', messages: [], tools: [] });
const settle = () => new Promise((r) => setTimeout(r, 20));
const streamMsgs = (msgs: readonly TapWireMessage[]) => msgs.filter((m) => m.kind !== 'tap-ready');

describe('fetch tap: failed run requests', () => {
  it('reports a 503 text/plain answer to a RunAgentInput POST, and the page reads the whole body itself', async () => {
    const { win, c } = setup();
    const answer = new Response('upstream down', { status: 503, headers: { 'content-type': 'text/plain' } });
    win.respond = () => Promise.resolve(answer);
    const res = await win.fetch('/agent', { method: 'POST', body: RUN_INPUT });
    expect(res).toBe(answer);
    expect(await res.text()).toBe('upstream down');
    await settle();
    const msgs = streamMsgs(c.msgs);
    expect(msgs.map((m) => m.kind)).toEqual(['stream-open', 'stream-chunk', 'stream-end']);
    expect(msgs[0]).toMatchObject({ encoding: 'none', status: 503, contentType: 'text/plain', requestBody: RUN_INPUT });
    expect(chunksText(c.msgs)).toBe('upstream down');
    expect(msgs[2]).toMatchObject({ reason: 'complete' });
  });

  it('reads at most 4 kB from the clone and cancels it, while the page still gets every byte', async () => {
    const { win, c } = setup();
    const body = scriptedBody();
    const answer = new Response(body.stream, { status: 500, headers: { 'content-type': 'text/html' } });
    win.respond = () => Promise.resolve(answer);
    const res = await win.fetch('/agent', { method: 'POST', body: RUN_INPUT });
    const page = res.text();
    body.push('x'.repeat(3000));
    body.push('y'.repeat(3000));
    await settle();
    body.push('z');
    body.close();
    expect((await page).length).toBe(6001);
    const sent = chunksText(c.msgs);
    expect([sent.length, sent.endsWith('y')]).toEqual([4096, true]);
  });

  it('leaves a JSON answer to a request that is no run request alone', async () => {
    const { win, c } = setup();
    win.respond = () => Promise.resolve(new Response('{"me":1}', { headers: { 'content-type': 'application/json' } }));
    await win.fetch('/api/me', { method: 'POST', body: '{"name":"x"}' });
    await settle();
    expect(c.kinds()).toEqual(['tap-ready']);
  });

  it('a later JSON answer from a URL that served a run is a failed run', async () => {
    const { win, c } = setup();
    win.respond = () =>
      Promise.resolve(new Response('data: {}\n\n', { headers: { 'content-type': 'text/event-stream' } }));
    await (await win.fetch('http://agent.test/run')).text();
    win.respond = () =>
      Promise.resolve(new Response('{"error":1}', { status: 401, headers: { 'content-type': 'application/json' } }));
    await (await win.fetch('http://agent.test/run')).text();
    await settle();
    const opens = c.msgs.filter((m) => m.kind === 'stream-open');
    expect(opens.map((m) => [m.kind === 'stream-open' && m.encoding, m.kind === 'stream-open' && m.status])).toEqual([
      ['sse', 200],
      ['none', 401],
    ]);
  });

  it('a rejected fetch of a run request: same rejection for the page, a network error for us', async () => {
    const { win, c } = setup();
    const err = new TypeError('Failed to fetch');
    win.respond = () => Promise.reject(err);
    await expect(win.fetch('/agent', { headers: { accept: 'text/event-stream' } })).rejects.toBe(err);
    const msgs = streamMsgs(c.msgs);
    expect(msgs.map((m) => m.kind)).toEqual(['stream-open', 'stream-end']);
    expect(msgs[0]).toMatchObject({ encoding: 'none', status: 0, contentType: '' });
    expect(msgs[1]).toMatchObject({ reason: 'error', error: 'TypeError: Failed to fetch' });
  });

  it('an abort before the answer is reported as aborted; a rejected non-run request is not reported', async () => {
    const { win, c } = setup();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    win.respond = () => Promise.reject(abort);
    await expect(win.fetch('/agent', { method: 'POST', body: RUN_INPUT })).rejects.toBe(abort);
    win.respond = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(win.fetch('/favicon.ico')).rejects.toThrow('Failed to fetch');
    const msgs = streamMsgs(c.msgs);
    expect(msgs.map((m) => m.kind)).toEqual(['stream-open', 'stream-end']);
    expect(msgs[1]).toMatchObject({ reason: 'aborted' });
  });
});
