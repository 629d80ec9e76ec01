// The platform's floor for the panel-open line, measured in the browser WITHOUT the
// extension: the page itself copies the first 64 MB (the capture cap) of the 200 MB stream
// into a reused 2 MB buffer and makes a Blob of each 2 MB, posted on a MessageChannel, the
// work the tap does while a panel watches (src/tap/blob-gather.ts) minus everything else of
// ours. What it costs over a plain read is what any Blob-based capture costs on this
// machine: the Blobs' bytes still travel to the browser's Blob storage.
import type { Page } from '@playwright/test';
import { addRound, median, paired } from './paired.js';
import { cpuDelta, procCpuProbe } from './proc-cpu.js';

const CAP = 64 * 1024 * 1024;
const BLOB = 2 * 1024 * 1024;

function read(page: Page, url: string, blobs: boolean): Promise<number> {
  return page.evaluate(
    async ([u, blobs, cap, size]) => {
      const t0 = performance.now();
      const reader = ((await fetch(u)).body as ReadableStream<Uint8Array>).getReader();
      const buf = new Uint8Array(size);
      const { port1, port2 } = new MessageChannel();
      port2.onmessage = () => undefined;
      let len = 0;
      let total = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (let off = 0; blobs && total + off < cap && off < value.byteLength;) {
          const n = Math.min(value.byteLength - off, size - len, cap - total - off);
          buf.set(value.subarray(off, off + n), len);
          len += n;
          off += n;
          if (len === size || total + off === cap) {
            port1.postMessage(new Blob([buf.subarray(0, len)]));
            len = 0;
          }
        }
        total += value.byteLength;
      }
      port1.close();
      return performance.now() - t0;
    },
    [url, blobs, CAP, BLOB] as const,
  );
}

/** Plain read vs read-and-make-Blobs on `page` (a browser without the extension), in turns. */
export async function compareBlobFloor(
  page: Page,
  url: string,
  rounds: number,
): Promise<{ wall: number; cpu: number | undefined }> {
  const probe = procCpuProbe();
  const wall = paired('blobs', 'plain');
  const cpu = paired('blobs', 'plain');
  for (let i = 0; i < 1 + rounds; i++) {
    const order = i % 2 ? (['blobs', 'plain'] as const) : (['plain', 'blobs'] as const);
    const r = { blobs: 0, plain: 0 };
    const c = { blobs: 0, plain: 0 };
    for (const who of order) {
      const before = probe?.('without');
      r[who] = await read(page, url, who === 'blobs');
      const after = probe?.('without');
      c[who] = before && after ? cpuDelta(before, after).total : 0;
    }
    if (i === 0) continue; // warm-up
    addRound(wall, r, 'blobs', 'plain');
    addRound(cpu, c, 'blobs', 'plain');
  }
  console.log(
    `${'Blob floor'.padEnd(22)} no extension, the page itself makes 2 MB Blobs of the first 64 MB: wall ${median(wall.blobs).toFixed(0)} ms vs ${median(wall.plain).toFixed(0)} ms plain, median ratio ${median(wall.ratio).toFixed(2)}x` +
      (probe
        ? `; whole browser's CPU (/proc) ${median(cpu.blobs).toFixed(0)} ms vs ${median(cpu.plain).toFixed(0)} ms, ${median(cpu.ratio).toFixed(2)}x`
        : ''),
  );
  return { wall: median(wall.ratio), cpu: probe ? median(cpu.ratio) : undefined };
}
