// What forwarding costs the sending (isolated-world) thread, by how a chunk travels on the
// runtime port: main-thread CPU (trace thread time, ./page-trace.ts) of sending 64 MB in
// chunks of each size, timed in the relay's own world of a page with the built extension.
// Run: node --import tsx bench/port-cost.ts   (after npm run build)
import { launchWithExtension } from '../harness/chromium.js';
import { startTestServer } from '../harness/pages/test-server.js';
import { openIsolatedWorld } from './isolated-world.js';
import { mainThreadCpu } from './page-trace.js';
import { loadavg } from 'node:os';

const TOTAL = 64 * 1024 * 1024;
const VARIANTS: Record<string, string> = {
  // Calibration: one plain copy of the bytes, no messaging.
  copy: 'keep += bytes.slice().length',
  decode: 'keep += dec.decode(bytes).length',
  'decode+post text':
    "port.postMessage({ source: 'agui-inspector', v: 1, msg: { kind: 'stream-chunk', streamId: 's', seq: i, t: 1, text: dec.decode(bytes) } })",
  'post bytes':
    "port.postMessage({ source: 'agui-inspector', v: 1, msg: { kind: 'stream-chunk', streamId: 's', seq: i, t: 1, bytes } })",
  'make+post blob, 8 parts':
    "port.postMessage({ source: 'agui-inspector', v: 1, msg: { kind: 'stream-chunk', streamId: 's', seq: i, t: 1, blob: new Blob(parts) } })",
  'make+post blob':
    "port.postMessage({ source: 'agui-inspector', v: 1, msg: { kind: 'stream-chunk', streamId: 's', seq: i, t: 1, blob: new Blob([bytes]) } })",
};

const server = await startTestServer({});
const ext = await launchWithExtension({ headless: true });
try {
  const page = ext.context.pages()[0] ?? (await ext.context.newPage());
  const run = await openIsolatedWorld(page, `${server.url}/pages/blank.html`);
  await run(
    `globalThis.port = chrome.runtime.connect({ name: 'bench-port-cost' }); globalThis.dec = new TextDecoder(); 0`,
  );
  console.log(`main-thread CPU to send 64 MB (median of 3), load average ${loadavg()[0]?.toFixed(1)}`);
  for (const size of (process.env['SIZES'] ?? '65536,524288').split(',').map(Number)) {
    await run(`{
      const event = 'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"' + 'x'.repeat(200) + '"}\\n\\n';
      globalThis.parts = Array.from({ length: 8 }, () => new Uint8Array(${size} / 8));
      globalThis.bytes = new TextEncoder().encode(event.repeat(Math.ceil(${size} / event.length)).slice(0, ${size}));
    } 0`);
    for (const [name, body] of Object.entries(VARIANTS)) {
      const cpu: number[] = [];
      for (let r = 0; r < 3; r++) {
        const m = await mainThreadCpu(page, () =>
          run(`(() => { let keep = 0; for (let i = 0; i < ${TOTAL / size}; i++) { ${body}; } return keep; })()`),
        );
        cpu.push(m.cpuMs);
      }
      cpu.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(24)} ${String(size / 1024).padStart(4)} KB chunks: ${(cpu[1] ?? 0).toFixed(0).padStart(5)} ms (${cpu.map((c) => c.toFixed(0)).join(', ')})`,
      );
    }
  }
} finally {
  await ext.close();
  await server.close();
}
