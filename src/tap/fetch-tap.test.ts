import { afterEach, describe, expect, it } from 'vitest';
import { tick } from '../../test/tick.test-helper.js';
import { installTap } from './install-tap.js';
import {
  chunksText,
  collector,
  fakeWindow,
  readAll,
  responseWith,
  scriptedBody,
  type FakeTapWindow,
} from './fake-window.test-helper.js';

const SSE = { 'content-type': 'text/event-stream; charset=utf-8' };
let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

function setup(opts: { maxStreamBytes?: number } = {}): { win: FakeTapWindow; c: ReturnType<typeof collector> } {
  const win = fakeWindow();
  const c = collector();
  undo = installTap(win, c.emit, opts);
  return { win, c };
}

describe('fetch tap', () => {
  it('looks native: name, length, toString', () => {
    const { win } = setup();
    expect(win.fetch.name).toBe('fetch');
    expect(win.fetch.length).toBe(1);
    expect(Function.prototype.toString.call(win.fetch)).toBe('function fetch() { [native code] }');
    expect(String(Function.prototype.toString)).toBe('function toString() { [native code] }');
    expect(Object.getOwnPropertyNames(win.fetch).sort()).toEqual(['length', 'name']);
  });

  it('passes event-stream bytes through unchanged and copies them in order', async () => {
    const { win, c } = setup();
    const body = scriptedBody();
    win.respond = () =>
      Promise.resolve(
        responseWith(body.stream, { headers: SSE, url: 'https://agent.test/run', redirected: true, type: 'cors' }),
      );
    const res = await win.fetch('/run', {
      method: 'post',
      body: '{"threadId":"t"}',
      // X-Auth and X-Sig: names every export redacts, so the tap does too (one list).
      headers: {
        Authorization: 'Bearer x',
        'X-Api-Key': 'k',
        'X-Auth': 'a',
        'X-Sig': 's',
        Accept: 'text/event-stream',
      },
    });
    expect(res).toBeInstanceOf(Response);
    expect([res.url, res.redirected, res.type, res.status]).toEqual(['https://agent.test/run', true, 'cors', 200]);
    const text = readAll(res.body as ReadableStream<Uint8Array>);
    body.push('data: {"type":"RUN_STARTED"}\n\n');
    body.push(new Uint8Array([0x64, 0x61, 0x74, 0x61, 0x3a, 0x20, 0xe2, 0x82]));
    body.push(new Uint8Array([0xac, 0x0a, 0x0a]));
    body.close();
    expect(await text).toBe('data: {"type":"RUN_STARTED"}\n\ndata: €\n\n');
    // Small chunks of the same millisecond may travel as one message (./chunk-batch.ts).
    const kinds = c.kinds();
    expect([kinds[0], kinds[1], kinds.at(-1)]).toEqual(['tap-ready', 'stream-open', 'stream-end']);
    expect(kinds.slice(2, -1).every((k) => k === 'stream-chunk') && kinds.length >= 4).toBe(true);
    expect(chunksText(c.msgs)).toBe('data: {"type":"RUN_STARTED"}\n\ndata: €\n\n');
    const open = c.msgs[1];
    expect(open).toMatchObject({
      kind: 'stream-open',
      method: 'POST',
      url: 'https://agent.test/run',
      encoding: 'sse',
      requestBody: '{"threadId":"t"}',
      seq: 0,
    });
    expect(open?.kind === 'stream-open' && open.requestHeaders).toEqual({
      authorization: '[redacted]',
      'x-api-key': '[redacted]',
      'x-auth': '[redacted]',
      'x-sig': '[redacted]',
      accept: 'text/event-stream',
      'content-type': 'text/plain;charset=UTF-8', // what the browser sends with a string body
    });
    expect(c.msgs.slice(1).map((m) => ('seq' in m ? m.seq : -1))).toEqual(c.msgs.slice(1).map((_, i) => i));
    expect(c.msgs.at(-1)).toMatchObject({ kind: 'stream-end', reason: 'complete' });
  });

  it('calls the original with its this and the one Request a native fetch makes of the arguments', async () => {
    const { win } = setup();
    win.respond = () => Promise.resolve(new Response('x'));
    const reads: string[] = [];
    const init = {
      get method() {
        reads.push('method');
        return 'PUT';
      },
      get body() {
        reads.push('body');
        return 'b';
      },
    };
    const url = {
      toString() {
        reads.push('toString');
        return 'https://a.test/x';
      },
    };
    await win.fetch(url as unknown as string, init);
    const [req, ...rest] = win.calls[0]?.args ?? [];
    expect(rest).toEqual([]);
    expect(req).toBeInstanceOf(Request);
    expect([(req as Request).url, (req as Request).method, await (req as Request).text()]).toEqual([
      'https://a.test/x',
      'PUT',
      'b',
    ]);
    expect(win.calls[0]?.thisArg).toBe(win);
    // Each read once, as the Request constructor reads them (Node's order here; the browser's own in a page).
    expect(reads.filter((r) => r === 'toString')).toHaveLength(1);
    expect(reads.filter((r) => r === 'method')).toHaveLength(1);
    expect(reads.filter((r) => r === 'body')).toHaveLength(1);
  });

  it('returns non-event-stream and null-body responses as the very same object', async () => {
    const { win, c } = setup();
    const json = new Response('{}', { headers: { 'content-type': 'application/json' } });
    win.respond = () => Promise.resolve(json);
    expect(await win.fetch('/a')).toBe(json);
    const noContent = new Response(null, { status: 204, headers: SSE });
    win.respond = () => Promise.resolve(noContent);
    expect(await win.fetch('/b')).toBe(noContent);
    expect(c.kinds()).toEqual(['tap-ready']);
  });

  it('passes rejections through as the same error', async () => {
    const { win } = setup();
    const err = new TypeError('Failed to fetch');
    win.respond = () => Promise.reject(err);
    await expect(win.fetch('/x')).rejects.toBe(err);
  });

  it('reader.cancel() cancels the original at once and ends our copy', async () => {
    const { win, c } = setup();
    const body = scriptedBody();
    win.respond = () => Promise.resolve(new Response(body.stream, { headers: SSE }));
    const res = await win.fetch('/s');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    body.push('data: 1\n\n');
    await reader.read();
    await reader.cancel('bye');
    expect(body.cancelled()).toEqual(['bye']);
    expect(c.msgs.at(-1)).toMatchObject({ kind: 'stream-end', reason: 'cancelled' });
  });

  it('never reads a body the page does not read', async () => {
    const { win, c } = setup();
    const body = scriptedBody();
    win.respond = () => Promise.resolve(new Response(body.stream, { headers: SSE }));
    const res = await win.fetch('/s');
    body.push('data: 1\n\n');
    await tick(5);
    expect(c.kinds()).toEqual(['tap-ready', 'stream-open']);
    // The same wait is long enough to see a copy: once the page reads, the chunk arrives.
    await (res.body as ReadableStream<Uint8Array>).getReader().read();
    await tick(5);
    expect(c.kinds()).toEqual(['tap-ready', 'stream-open', 'stream-chunk']);
  });

  it('an abort reaches the page as the same AbortError and ends the copy as aborted', async () => {
    const { win, c } = setup();
    const body = scriptedBody();
    const ac = new AbortController();
    win.respond = () => Promise.resolve(new Response(body.stream, { headers: SSE }));
    const res = await win.fetch('/s', { signal: ac.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const pending = reader.read();
    const abortErr = new DOMException('aborted', 'AbortError');
    ac.abort();
    body.error(abortErr);
    await expect(pending).rejects.toBe(abortErr);
    expect(c.msgs.filter((m) => m.kind === 'stream-end')).toMatchObject([{ reason: 'aborted' }]);
  });

  it('stops copying at the byte cap but the page keeps its stream', async () => {
    const { win, c } = setup({ maxStreamBytes: 12 });
    const body = scriptedBody();
    win.respond = () => Promise.resolve(new Response(body.stream, { headers: SSE }));
    const res = await win.fetch('/s');
    const text = readAll(res.body as ReadableStream<Uint8Array>);
    body.push('data: 1\n\n');
    body.push('data: 2\n\n');
    body.push('data: 3\n\n');
    body.close();
    expect(await text).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\n');
    expect(chunksText(c.msgs)).toBe('data: 1\n\n');
    expect(c.msgs.filter((m) => m.kind === 'stream-end')).toMatchObject([{ reason: 'capture-truncated' }]);
  });

  it('reads on past zero-length chunks: the page gets every byte, its read never stalls', async () => {
    const { win, c } = setup();
    const body = scriptedBody();
    win.respond = () => Promise.resolve(new Response(body.stream, { headers: SSE }));
    const res = await win.fetch('/s');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = reader.read();
    body.push(new Uint8Array(0));
    body.push(new Uint8Array(0));
    body.push('data: 1\n\n');
    const got = await first;
    expect(new TextDecoder().decode(got.value)).toBe('data: 1\n\n');
    body.push(new Uint8Array(0));
    body.close();
    expect((await reader.read()).done).toBe(true);
    expect(chunksText(c.msgs)).toBe('data: 1\n\n');
    expect(c.msgs.filter((m) => m.kind === 'stream-end')).toMatchObject([{ reason: 'complete' }]);
  });

  it('keeps url through clone(), and text() works', async () => {
    const { win } = setup();
    win.respond = () => Promise.resolve(responseWith('data: x\n\n', { headers: SSE, url: 'https://agent.test/r' }));
    const res = await win.fetch('/r');
    const copy = res.clone();
    expect(copy.url).toBe('https://agent.test/r');
    expect(await copy.text()).toBe('data: x\n\n');
    expect(await res.text()).toBe('data: x\n\n');
  });

  it('supports BYOB readers like a native body', async () => {
    const { win } = setup();
    win.respond = () => Promise.resolve(responseWith('data: byob\n\n', { headers: SSE }));
    const res = await win.fetch('/r');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader({ mode: 'byob' });
    const { value } = await reader.read(new Uint8Array(64));
    expect(new TextDecoder().decode(value)).toBe('data: byob\n\n');
  });

  it('reads a Request body from a clone, leaving the original readable', async () => {
    const { win, c } = setup();
    win.respond = async (args) => {
      const req = args[0] as Request;
      expect(await req.text()).toBe('{"runId":"r"}');
      return responseWith('data: 1\n\n', { headers: SSE });
    };
    const res = await win.fetch(new Request('https://agent.test/run', { method: 'POST', body: '{"runId":"r"}' }));
    await res.text();
    expect(c.msgs[1]).toMatchObject({ kind: 'stream-open', method: 'POST', requestBody: '{"runId":"r"}' });
  });

  it('records a ReadableStream body as [stream] without reading it', async () => {
    const { win, c } = setup();
    win.respond = () => Promise.resolve(responseWith('data: 1\n\n', { headers: SSE }));
    const upload = scriptedBody();
    await win.fetch('/u', { method: 'POST', body: upload.stream, duplex: 'half' } as RequestInit);
    expect(upload.pulls()).toBe(0);
    expect(c.msgs[1]).toMatchObject({ requestBodyNote: '[stream]' });
  });

  it('a throwing transport never reaches the page', async () => {
    const win = fakeWindow();
    undo = installTap(win, () => {
      throw new Error('port closed');
    });
    win.respond = () => Promise.resolve(responseWith('data: 1\n\n', { headers: SSE }));
    expect(await (await win.fetch('/r')).text()).toBe('data: 1\n\n');
  });

  it('holds a stream until its Request body is read, so stream-open carries it, in order', async () => {
    const { win, c } = setup();
    win.respond = () => Promise.resolve(responseWith('data: 1\n\n', { headers: SSE }));
    const res = await win.fetch(new Request('https://agent.test/run', { method: 'POST', body: '{"runId":"late"}' }));
    expect(await res.text()).toBe('data: 1\n\n');
    await expect.poll(() => c.kinds()).toEqual(['tap-ready', 'stream-open', 'stream-chunk', 'stream-end']);
    expect(c.msgs[1]).toMatchObject({ requestBody: '{"runId":"late"}' });
  });

  it('keeps only a capped prefix of a huge Request body, and the page still sends all of it', async () => {
    const { win, c } = setup();
    const big = `{"runId":"r","pad":"${'x'.repeat(400 * 1024)}"}`;
    win.respond = async (args) => {
      expect((await (args[0] as Request).text()).length).toBe(big.length);
      return responseWith('data: 1\n\n', { headers: SSE });
    };
    await (await win.fetch(new Request('https://agent.test/run', { method: 'POST', body: big }))).text();
    await expect.poll(() => c.kinds()).toContain('stream-end');
    expect(c.msgs[1]).toMatchObject({ requestBodyNote: '[truncated]' });
    expect(c.msgs[1]?.kind === 'stream-open' && c.msgs[1].requestBody?.length).toBe(256 * 1024);
  });
});
