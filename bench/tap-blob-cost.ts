// What ways of handing the page's chunks on cost the page's main thread (trace thread time,
// ./page-trace.ts): 64 MB in 64 KB chunks (views into a bigger buffer, like network chunks
// can be) through a private MessageChannel to a receiver on the same thread that gathers
// 2 MB Blobs, as the relay does. Prints each variant's median of 5, two rounds in turn.
// Run: node --import tsx bench/tap-blob-cost.ts   (no extension needed)
// Measured 2026-12-03 (load 2–10), medians over the harness alone (≈ 16 ms): copy + message
// per chunk ≈ 170 ms, a Blob per chunk ≈ 190–235 ms, copy into a 2 MB buffer and one Blob of
// it ≈ 80 ms: per message and per Blob costs dominate, not the copies.
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { findChromium, QUIET_ARGS } from '../harness/chromium.js';
import { startTestServer } from '../harness/pages/test-server.js';
import { mainThreadCpu } from './page-trace.js';

/** Each body handles one chunk `v` (its bytes are the "page's": copy them before the next). */
const VARIANTS: Record<string, string> = {
  // The harness alone: a tiny message every 16 chunks so the receiver finishes.
  'nothing (calibration)': `if ((i & 15) === 15) send({ bytes: v.subarray(0, 1).slice() });`,
  // The old path: the tap copies and transfers each chunk; the relay builds 2 MB Blobs of them.
  'copy + message per chunk': `{ const c = new Uint8Array(v.byteLength); c.set(v); send({ bytes: c }, [c.buffer]); }`,
  // A Blob straight from the page's chunk (one copy), one message each or 16 in one Blob.
  'Blob per chunk': `send({ blob: new Blob([v]) });`,
  'Blob per chunk, 16 a message': `{ blobs.push(new Blob([v])); if (blobs.length === 16) { send({ blob: new Blob(blobs) }); blobs = []; } }`,
  // The tap's path now: copy into one reused buffer, one Blob of it when full (two copies, few Blobs).
  'copy into 256 kB, one Blob': `{ acc.set(v, at); at += v.byteLength; if (at >= 262144) { send({ blob: new Blob([acc.subarray(0, at)]) }); at = 0; } }`,
  'copy into 2 MB, one Blob': `{ acc.set(v, at); at += v.byteLength; if (at >= acc.byteLength) { send({ blob: new Blob([acc]) }); at = 0; } }`,
};

const script = (body: string): string => `new Promise((done) => {
  const N = 1024, src = new Uint8Array(64 * 1024 * 4 + 16), acc = new Uint8Array(2 * 1024 * 1024);
  let at = 0, got = 0, parts = [], size = 0, blobs = [], ticks = 0;
  const ch = new MessageChannel();
  ch.port2.onmessage = (e) => {
    const p = e.data.bytes ?? e.data.blob;
    const n = p instanceof Blob ? p.size : p.byteLength;
    parts.push(p);
    size += n;
    if (size >= 2 * 1024 * 1024) { globalThis.keep = new Blob(parts); parts = []; size = 0; }
    got += n;
    if (got >= N * 65536 || (n === 1 && ++ticks === N / 16)) done(got);
  };
  const send = (m, t) => ch.port1.postMessage(m, t ?? []);
  let i = 0;
  const tick = () => {
    for (let k = 0; k < 16 && i < N; k++, i++) { const v = new Uint8Array(src.buffer, 16 + (i % 4) * 65536, 65536); ${body} }
    if (i < N) setTimeout(tick, 0);
    else if (at > 0) send({ bytes: acc.slice(0, at) });
  };
  tick();
})`;

const server = await startTestServer({});
const browser = await chromium.launch({ executablePath: findChromium(), args: QUIET_ARGS });
try {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}/pages/blank.html`);
  console.log(`main-thread CPU for 64 MB in 64 KB chunks (median of 5), load average ${loadavg()[0]?.toFixed(1)}`);
  for (let round = 0; round < 2; round++)
    for (const [name, body] of Object.entries(VARIANTS)) {
      const cpu: number[] = [];
      for (let r = 0; r < 5; r++) cpu.push((await mainThreadCpu(page, () => page.evaluate(script(body)))).cpuMs);
      cpu.sort((a, b) => a - b);
      const all = cpu.map((c) => c.toFixed(0)).join(', ');
      console.log(`${name.padEnd(30)} ${(cpu[2] ?? 0).toFixed(0).padStart(5)} ms (${all})`);
    }
} finally {
  await browser.close();
  await server.close();
}
