// What a runtime-port message carrying a Blob costs, by route and by how many bytes each
// Blob holds: 128 MB sent from a content script's world as 2 MB Blobs, posted
//   in the page      on a MessageChannel (nothing leaves the renderer: the baseline),
//   one hop          on a runtime port straight to an extension page,
//   two hops         to the service worker, which posts it on to the extension page (the
//                    relay → service worker → panel route),
//   two hops, 16 MB  the same, eight 2 MB Blobs gathered into one Blob of Blobs per message
//                    (what the relay does since 2026-12-06, src/bridge/relay-chunk-blobs.ts).
// CPU (user + system, /proc) by process kind, medians over rounds taken in turn. Blob
// construction is in every variant; what differs is the messages.
// Run: node --import tsx bench/port-hops.ts   (after npm run build; BENCH_HOP_ROUNDS, default 15)
import { loadavg } from 'node:os';
import { launchWithExtension } from '../harness/chromium.js';
import { startTestServer } from '../harness/pages/test-server.js';
import { openIsolatedWorld } from './isolated-world.js';
import { cpuDelta, procCpuProbe, type ProcKind } from './proc-cpu.js';

const ROUNDS = Number(process.env.BENCH_HOP_ROUNDS ?? 15);
const BLOBS = 64; // of 2 MB: 128 MB a round
const VARIANTS: Record<string, string> = {
  'in the page (baseline)': `mc.postMessage(new Blob([buf]))`,
  'one hop, 2 MB Blobs': `direct.postMessage({ blob: new Blob([buf]) })`,
  'two hops, 2 MB Blobs': `viaWorker.postMessage({ blob: new Blob([buf]) })`,
  'two hops, 16 MB Blobs of Blobs': `acc.push(new Blob([buf])); if (acc.length === 8) { viaWorker.postMessage({ blob: new Blob(acc) }); acc = []; }`,
};
const KINDS: ProcKind[] = ['browser', 'renderer', 'extension'];

const server = await startTestServer({});
const ext = await launchWithExtension({ headless: true });
try {
  // After the launch: the probe finds the browser among this process's children.
  const probe = procCpuProbe();
  if (!probe) throw new Error('port-hops reads CPU from /proc: Linux only');
  const sw = ext.context.serviceWorkers()[0] ?? (await ext.context.waitForEvent('serviceworker'));
  // The service worker's part of "two hops": pass every message on to the receiving page.
  await sw.evaluate(() => {
    let to: chrome.runtime.Port | undefined;
    chrome.runtime.onConnect.addListener((p) => {
      if (p.name === 'hops-receiver') to = p;
      if (p.name === 'hops-via-worker') p.onMessage.addListener((m) => to?.postMessage(m));
    });
  });
  const page = await ext.context.newPage();
  const run = await openIsolatedWorld(page, `${server.url}/pages/blank.html`);
  await run(`chrome.runtime.onConnect.addListener((p) => { if (p.name === 'hops-direct') globalThis.direct = p; }); 0`);
  const tabId = await sw.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id, page.url());
  // The receiver: an extension page counting what arrives (the offline viewer: no port of its own).
  const receiver = await ext.context.newPage();
  await receiver.goto(`chrome-extension://${ext.extensionId}/panel.html`);
  await receiver.evaluate((id) => {
    const g = globalThis as unknown as { got: number };
    g.got = 0;
    // Inline listeners: a named function would need tsx's __name helper in the page.
    for (const port of [
      chrome.tabs.connect(id, { name: 'hops-direct', frameId: 0 }),
      chrome.runtime.connect({ name: 'hops-receiver' }),
    ])
      port.onMessage.addListener((m: { blob?: Blob }) => void (g.got += m.blob?.size ?? 0));
  }, tabId ?? -1);
  await page.bringToFront();
  await run(`{
    globalThis.viaWorker = chrome.runtime.connect({ name: 'hops-via-worker' });
    const c = new MessageChannel();
    c.port2.onmessage = () => 0;
    globalThis.mc = c.port1;
    globalThis.acc = [];
    globalThis.buf = new Uint8Array(2 * 1024 * 1024).fill(65);
  } 0`);
  await new Promise((r) => setTimeout(r, 500));

  const rows = new Map<string, Record<ProcKind | 'total', number>[]>();
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, body] of Object.entries(VARIANTS)) {
      const before = probe('with');
      // A short pause per Blob, as a stream's would arrive: the receivers keep up.
      await run(
        `(async () => { for (let i = 0; i < ${BLOBS}; i++) { ${body}; await new Promise((r) => setTimeout(r, 5)); } })()`,
      );
      await new Promise((res) => setTimeout(res, 400)); // let the last messages land
      const d = cpuDelta(before, probe('with'));
      rows.set(name, [...(rows.get(name) ?? []), d]);
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const got = await receiver.evaluate(() => (globalThis as unknown as { got: number }).got);
  console.log(
    `${BLOBS * 2} MB as 2 MB Blobs, ${ROUNDS} rounds (load average ${loadavg()[0]?.toFixed(1)}); CPU ms, medians; the receiver got ${Math.round(got / 2 ** 20)} MB`,
  );
  const base = rows.get('in the page (baseline)') ?? [];
  for (const [name, rs] of rows) {
    const cells = [...KINDS, 'total' as const].map((k) => `${k} ${String(median(rs.map((x) => x[k]))).padStart(4)}`);
    const over = median(rs.map((x, i) => x.total - (base[i]?.total ?? 0)));
    console.log(`  ${name.padEnd(32)} ${cells.join('  ')}   over the baseline ${over >= 0 ? '+' : ''}${over}`);
  }
} finally {
  await ext.close();
  await server.close();
}
