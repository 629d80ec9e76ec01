// What one runtime-port message costs the sending (isolated-world) thread, by payload kind
// and size: timed synchronously in the relay's own world of a page, with the built extension.
// Run: node --import tsx bench/port-cost.ts   (after npm run build)
import { launchWithExtension } from '../scripts/chromium.js';
import { startTestServer } from '../e2e/pages/test-server.js';

const server = await startTestServer({});
const ext = await launchWithExtension({ headless: true });
try {
  const page = ext.context.pages()[0] ?? (await ext.context.newPage());
  const cdp = await page.context().newCDPSession(page);
  const contexts: { id: number; name: string; type: string }[] = [];
  cdp.on('Runtime.executionContextCreated', (e) =>
    contexts.push({ id: e.context.id, name: e.context.name, type: String(e.context.auxData?.['type']) }),
  );
  await cdp.send('Runtime.enable');
  await page.goto(`${server.url}/pages/blank.html`);
  const world = contexts.filter((c) => c.type === 'isolated').at(-1);
  if (!world) throw new Error('no isolated world');
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    contextId: world.id,
    awaitPromise: true,
    returnByValue: true,
    expression: `(async () => {
      const port = chrome.runtime.connect({ name: 'bench-port-cost' });
      const event = 'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"' + 'x'.repeat(200) + '"}\\n\\n';
      const total = 32 * 1024 * 1024;
      const out = [];
      for (const size of [16384, 65536, 262144, 1048576]) {
        const text = event.repeat(Math.ceil(size / event.length)).slice(0, size);
        const bytes = new TextEncoder().encode(text);
        const n = total / size;
        const kinds = {
          text: () => ({ kind: 'stream-chunk', streamId: 's', seq: 1, t: 1, text }),
                    bytes: () => ({ kind: 'stream-chunk', streamId: 's', seq: 1, t: 1, bytes }),
          buffer: () => ({ kind: 'stream-chunk', streamId: 's', seq: 1, t: 1, buffer: bytes.buffer }),
          blob: () => ({ kind: 'stream-chunk', streamId: 's', seq: 1, t: 1, blob: new Blob([bytes]) }),
        };
        {
          // Calibration: a plain copy and a UTF-8 decode of the same bytes, no messaging.
          const dec = new TextDecoder();
          for (const [kind, fn] of [['copy', () => bytes.slice()], ['decode', () => dec.decode(bytes)]]) {
            const t0 = performance.now();
            let keep = 0;
            for (let i = 0; i < n; i++) keep += fn().length;
            const ms = performance.now() - t0;
            out.push(kind.padEnd(13) + String(size).padStart(8) + ' B x ' + String(n).padStart(5) + ': ' + ms.toFixed(0).padStart(5) + ' ms per 32 MB (' + keep + ')');
          }
        }
        {
          // A Blob made and posted inside the timing, from 64 KB parts as the tap delivers them.
          const parts = [];
          for (let i = 0; i < size; i += 65536) parts.push(bytes.slice(i, Math.min(size, i + 65536)));
          await new Promise((r) => setTimeout(r, 50));
          const t0 = performance.now();
          for (let i = 0; i < n; i++) port.postMessage({ source: 'agui-inspector', v: 1, msg: { kind: 'stream-chunk', streamId: 's', seq: 1, t: 1, blob: new Blob(parts) } });
          const ms = performance.now() - t0;
          out.push('blob+make'.padEnd(13) + String(size).padStart(8) + ' B x ' + String(n).padStart(5) + ': ' + ms.toFixed(0).padStart(5) + ' ms per 32 MB, ' + (ms / n * 1000).toFixed(0) + ' us/msg');
        }
        for (const [kind, make] of Object.entries(kinds)) {
          const msgs = Array.from({ length: n }, make);
          await new Promise((r) => setTimeout(r, 50));
          const t0 = performance.now();
          for (const m of msgs) port.postMessage({ source: 'agui-inspector', v: 1, msg: m });
          const ms = performance.now() - t0;
          out.push(kind.padEnd(13) + String(size).padStart(8) + ' B x ' + String(n).padStart(5) + ': ' + ms.toFixed(0).padStart(5) + ' ms per 32 MB, ' + (ms / n * 1000).toFixed(0) + ' us/msg');
        }
      }
      return out;
    })()`,
  });
  if (exceptionDetails) throw new Error(JSON.stringify(exceptionDetails));
  console.log((result.value as string[]).join('\n'));
} finally {
  await ext.close();
  await server.close();
}
