// Where the page's main thread spends a big stream's time with a panel connected (or, with
// BENCH_PANEL=0, with no panel and DevTools closed): a CPU profile of one read, self time
// by function (the tap, the relay, natives) and by script.
// Run: node --import tsx bench/profile-page.ts   (after npm run build)
import { launchWithExtension } from '../harness/chromium.js';
import { startTestServer } from '../harness/pages/test-server.js';
import { connectPanel, readBig, startBigStreamServer } from './page-panel.js';

const MB = Number(process.env['BENCH_BIG_MB'] ?? 64);
const server = await startTestServer({});
const big = await startBigStreamServer();
const ext = await launchWithExtension({ headless: true, extensionDir: process.env['BENCH_EXTENSION_DIR'] });
try {
  const page = ext.context.pages()[0] ?? (await ext.context.newPage());
  await page.goto(`${server.url}/pages/blank.html`);
  if (process.env['BENCH_PANEL'] !== '0') await connectPanel(ext, page);
  await readBig(page, `${big.url}/big?mb=${MB}`); // warm-up
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const r = await readBig(page, `${big.url}/big?mb=${MB}`);
  const { profile } = await cdp.send('Profiler.stop');
  const dt = profile.timeDeltas ?? [];
  const self = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
  const byName = new Map<string, number>();
  const parent = new Map<number, (typeof profile.nodes)[number]>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const label = (n: (typeof profile.nodes)[number] | undefined): string => {
    if (!n) return '';
    const f = n.callFrame;
    return `${f.functionName || '(anon)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}`;
  };
  for (const n of profile.nodes) {
    // A native (no script) is named with its caller: postMessage from the tap and from the relay differ.
    const key = n.callFrame.url ? label(n) : `${label(n)} < ${label(parent.get(n.id))}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(n.id) ?? 0) / 1000);
  }
  console.log(`read ${MB} MB in ${r.ms.toFixed(0)} ms; self time (ms):`);
  for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v.toFixed(1).padStart(9), k);
  // By script: a native's time goes to the script that called it.
  const byScript = new Map<string, number>();
  const scriptOf = (n: (typeof profile.nodes)[number] | undefined): string =>
    !n ? '(none)' : n.callFrame.url ? (n.callFrame.url.split('/').pop() ?? '') : n.callFrame.functionName || '(native)';
  for (const n of profile.nodes) {
    const key = n.callFrame.url ? scriptOf(n) : `${scriptOf(parent.get(n.id))}`;
    byScript.set(key, (byScript.get(key) ?? 0) + (self.get(n.id) ?? 0) / 1000);
  }
  console.log('self time by script (natives counted with their caller):');
  for (const [k, v] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(v.toFixed(1).padStart(9), k);
} finally {
  await ext.close();
  await big.close();
  await server.close();
}
