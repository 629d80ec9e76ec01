// What the tap's ways of handing a page chunk on cost the page's main thread (trace thread
// time, ./page-trace.ts): 64 MB in 64 KB chunks through a private MessageChannel to a
// receiver on the same thread that gathers 2 MB Blobs, as the relay does.
// Run: node --import tsx bench/tap-blob-cost.ts
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { findChromium, QUIET_ARGS } from '../scripts/chromium.js';
import { startTestServer } from '../e2e/pages/test-server.js';
import { mainThreadCpu } from './page-trace.js';

const VARIANTS: Record<string, string> = {
  // today: the tap copies and transfers each chunk; the relay builds a Blob from 32 copies
  'copy+transfer, relay Blob': `{ const c = new Uint8Array(v.byteLength); c.set(v); send({ bytes: c }, [c.buffer]); }`,
  // a Blob per chunk in the tap, one message each; the relay builds one Blob of 32 Blobs
  'Blob per chunk': `send({ blob: new Blob([v]) });`,
  'Blob per chunk, 16 a msg': `{ blobs.push(new Blob([v])); if (blobs.length === 16) { send({ blob: new Blob(blobs) }); blobs = []; } }`,
  // the tap gathers its copy and makes one Blob of it (two copies, few Blobs)
  'copy into 1 MB, Blob': `{ acc.set(v, at); at += v.byteLength; if (at >= acc.byteLength) { send({ blob: new Blob([acc]) }); at = 0; } }`,
  'copy into 256 KB, Blob': `{ acc.set(v, at); at += v.byteLength; if (at >= 262144) { send({ blob: new Blob([acc.subarray(0, at)]) }); at = 0; } }`,
  'copy into 2 MB, Blob': `{ if (acc.byteLength < 2097152) acc = new Uint8Array(2097152); acc.set(v, at); at += v.byteLength; if (at >= acc.byteLength) { send({ blob: new Blob([acc]) }); at = 0; } }`,
  'copy only (calibration)': `{ acc.set(v, at); at += v.byteLength; if (at >= acc.byteLength) { send({ bytes: acc.subarray(0, 1) }); at = 0; } }`,
  'nothing (calibration)': `{ if ((i & 15) === 15) send({ bytes: v.subarray(0, 1) }); }`,
  'copy into 1 MB, transfer': `{ acc.set(v, at); at += v.byteLength; if (at >= acc.byteLength) { send({ bytes: acc }, [acc.buffer]); acc = new Uint8Array(1048576); at = 0; } }`,
};

const server = await startTestServer({});
const browser = await chromium.launch({ executablePath: findChromium(), args: QUIET_ARGS });
try {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}/pages/blank.html`);
  console.log(`main-thread CPU for 64 MB in 64 KB chunks (median of 5), load average ${loadavg()[0]?.toFixed(1)}`);
  for (let round = 0; round < 2; round++)
    for (const [name, body] of Object.entries(VARIANTS)) {
      const cpu: number[] = [];
      for (let r = 0; r < 5; r++) {
        const m = await mainThreadCpu(page, () =>
          page.evaluate(`new Promise((done) => {
            const N = 1024, src = new Uint8Array(64 * 1024 * 4 + 16); let acc = new Uint8Array(1024 * 1024);
            let at = 0, got = 0, parts = [], size = 0, blobs = [], ones = 0;
            const ch = new MessageChannel();
            ch.port2.onmessage = (e) => {
              const p = e.data.bytes ?? e.data.blob;
              parts.push(p);
              size += p instanceof Blob ? p.size : p.byteLength;
              if (size >= 2 * 1024 * 1024) { globalThis.keep = new Blob(parts); parts = []; size = 0; }
              got += p instanceof Blob ? p.size : p.byteLength; if (got >= N * 65536 || (p.byteLength === 1 && ++ones === 64)) done(got);
            };
            const send = (m, t) => ch.port1.postMessage(m, t ?? []);
            let i = 0;
            const tick = () => {
              for (let k = 0; k < 16 && i < N; k++, i++) { const v = new Uint8Array(src.buffer, 16 + (i % 4) * 65536, 65536); ${body} }
              if (i < N) setTimeout(tick, 0); else if (at > 0 && at < acc.byteLength) send({ bytes: acc.slice(0, at) });
            };
            tick();
          })`),
        );
        cpu.push(m.cpuMs);
      }
      cpu.sort((a, b) => a - b);
      console.log(`${name.padEnd(28)} ${(cpu[2] ?? 0).toFixed(0).padStart(5)} ms (${cpu.map((c) => c.toFixed(0)).join(', ')})`);
    }
} finally {
  await browser.close();
  await server.close();
}
