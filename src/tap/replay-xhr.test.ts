import { afterEach, describe, expect, it } from 'vitest';
import { installTap } from './install-tap.js';
import { collector, fakeWindow, readAll } from './test-window.js';

// Today's limit (docs/replay.md, "Limits"): a replay does not answer XMLHttpRequest. An
// armed tab's AG-UI XHR goes to the network exactly as the page sent it, and the replay
// stays armed for the next fetch.
const sends: unknown[] = [];
class XMLHttpRequest extends EventTarget {
  readyState = 0;
  open(): void {
    this.readyState = 1;
  }
  setRequestHeader(): void {}
  send(body?: unknown): void {
    sends.push(body);
  }
  getResponseHeader(): string | null {
    return null;
  }
}

const body = 'data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n';
let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
  sends.length = 0;
});

describe('replay and XMLHttpRequest', () => {
  it('leaves an AG-UI XHR to the network and stays armed for the next fetch', async () => {
    const win = fakeWindow({ XMLHttpRequest, JSON, setTimeout, clearTimeout, DOMException, AbortSignal } as never);
    const c = collector();
    let control: ((d: unknown) => void) | undefined;
    undo = installTap(win, c.emit, { onReplayControl: (fn) => (control = fn) });
    const bytes = new TextEncoder().encode(body);
    control?.({
      kind: 'replay-arm',
      armId: 'a1',
      ttlMs: 60_000,
      pattern: '',
      rewriteIds: false,
      step: false,
      runs: [
        {
          source: 'x.har #1',
          status: 200,
          contentType: 'text/event-stream',
          bytes,
          ends: Float64Array.from([bytes.length]),
          at: Float64Array.from([0]),
          patches: new Float64Array(0),
        },
      ],
    });
    const X = (win as unknown as { XMLHttpRequest: typeof globalThis.XMLHttpRequest }).XMLHttpRequest;
    const xhr = new X();
    xhr.open('POST', 'https://api.test/agent');
    xhr.setRequestHeader('Accept', 'text/event-stream');
    const input = '{"threadId":"T","runId":"R","messages":[]}';
    xhr.send(input);
    expect(sends).toEqual([input]);
    expect(c.msgs.some((m) => m.kind === 'stream-open')).toBe(false);
    const res = await win.fetch('https://api.test/agent', { method: 'POST', body: input });
    expect(win.calls.length).toBe(0);
    expect(await readAll(res.body as ReadableStream<Uint8Array>)).toBe(body);
  });
});
