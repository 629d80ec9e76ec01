// The pieces of bench:page's 200 MB part (./page-rounds.ts): the stream's server, a
// panel-like listener (an extension page on the tab's panel port, counting messages,
// keeping nothing) that makes the relay forward everything live, and the page's read of
// the stream with a plain reader (or, for the Blob floor, making Blobs of it itself).
import type { Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExtensionLaunch } from '../harness/chromium.js';

const CHUNK = 64 * 1024;

/** Serves /big?mb=N: N MB of AG-UI TEXT_MESSAGE_CONTENT events in 64 KB writes, CORS open. */
export async function startBigStreamServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const event = `data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"${'x'.repeat(200)}"}\n\n`;
  const block = Buffer.from(event.repeat(Math.ceil(CHUNK / event.length)).slice(0, CHUNK));
  const server: Server = createServer((req, res) => {
    const mb = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('mb') ?? 1);
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    let left = Math.round((mb * 1024 * 1024) / CHUNK);
    const pump = (): void => {
      while (left > 0) {
        left--;
        if (!res.write(block)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** Opens an extension page that listens on the tab's panel port like a panel would. */
export async function connectPanel(
  ext: ExtensionLaunch,
  page: Page,
): Promise<() => Promise<{ messages: number; chars: number }>> {
  const sw = ext.context.serviceWorkers()[0] ?? (await ext.context.waitForEvent('serviceworker'));
  await page.bringToFront();
  const tabId = await sw.evaluate(
    async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id,
  );
  const panel = await ext.context.newPage();
  await panel.goto(`chrome-extension://${ext.extensionId}/panel.html`); // offline mode: no connection of its own
  await panel.evaluate((id) => {
    const stats = { messages: 0, chars: 0 };
    (globalThis as unknown as { __stats: typeof stats }).__stats = stats;
    const port = chrome.runtime.connect({ name: `agui-panel:${id}` });
    port.onMessage.addListener((m: { msg?: { base64?: string; text?: string; blob?: Blob } }) => {
      stats.messages++;
      stats.chars += m.msg?.base64?.length ?? m.msg?.text?.length ?? m.msg?.blob?.size ?? 0;
    });
    port.postMessage({ source: 'agui-inspector', v: 1, msg: { kind: 'hello', panelId: 'bench-panel' } });
  }, tabId);
  await page.bringToFront();
  return () =>
    panel.evaluate(() => ({ ...(globalThis as unknown as { __stats: { messages: number; chars: number } }).__stats }));
}

/** Event-loop lateness of a 10 ms timer while the page reads: what a click or key would wait. */
export interface LoopLag {
  readonly meanMs: number;
  readonly maxMs: number;
}

/** What readBig measured in the page. */
export interface BigRead {
  readonly ms: number;
  readonly bytes: number;
  readonly lag: LoopLag;
  readonly visible: boolean;
}

// The Blob floor (`floor: true`, run in the browser WITHOUT the extension): the page itself
// copies the first 64 MB (the capture cap) of the stream into a reused 2 MB buffer and
// makes a Blob of each 2 MB, posted on a MessageChannel: the work the tap does while a
// panel watches (src/tap/blob-gather.ts) minus everything else of ours. What it costs over
// a plain read is what any Blob-based capture costs on this machine: the Blobs' bytes
// still travel to the browser's Blob storage. BENCH_FLOOR_BLOB_MB sets its Blobs' size (2 MB,
// the tap's, by default; docs/performance.md compares 8).
const FLOOR_CAP = 64 * 1024 * 1024;
const FLOOR_BLOB = Number(process.env.BENCH_FLOOR_BLOB_MB ?? 2) * 1024 * 1024;

export function readBig(page: Page, url: string, floor = false): Promise<BigRead> {
  return page.evaluate(
    async ([u, blobs, cap, size]) => {
      // A timer due every 10 ms: how late it fires is how long input would wait behind the
      // page's own tasks (the tap's work runs inside them).
      let due = performance.now() + 10;
      let sum = 0;
      let n = 0;
      let max = 0;
      const probe = setInterval(() => {
        const now = performance.now();
        const late = Math.max(0, now - due);
        sum += late;
        n++;
        max = Math.max(max, late);
        due = now + 10;
      }, 10);
      const visible = document.visibilityState === 'visible';
      const t0 = performance.now();
      const reader = ((await fetch(u)).body as ReadableStream<Uint8Array>).getReader();
      const buf = new Uint8Array(blobs ? size : 0);
      const { port1, port2 } = new MessageChannel();
      port2.onmessage = () => undefined;
      let len = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (let off = 0; blobs && bytes + off < cap && off < value.byteLength;) {
          const k = Math.min(value.byteLength - off, size - len, cap - bytes - off);
          buf.set(value.subarray(off, off + k), len);
          len += k;
          off += k;
          if (len === size || bytes + off === cap) {
            port1.postMessage(new Blob([buf.subarray(0, len)]));
            len = 0;
          }
        }
        bytes += value.byteLength;
      }
      const ms = performance.now() - t0;
      port1.close();
      clearInterval(probe);
      return { ms, bytes, visible, lag: { meanMs: n > 0 ? sum / n : 0, maxMs: max } };
    },
    [url, floor, FLOOR_CAP, FLOOR_BLOB] as const,
  );
}
