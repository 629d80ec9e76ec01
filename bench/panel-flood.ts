// The panel under a flood (issue 46 item 8), for `npm run bench:panel`: the built extension
// (dist/, rebuilt first so the figures are this checkout's), a page streaming R events/s for
// S seconds over fetch SSE, and the pop-out panel (panel.html?tabId=N) in a window of its own
// (as DevTools beside the page) timing its own frames.
import { resolve } from 'node:path';
import { createBuilder } from 'vite';
import { launchWithExtension } from '../harness/chromium.js';
import { floodPanel, formatFrames, openFloodPage, openPanelWindow, type FloodResult } from '../harness/flood-panel.js';
import { startTestServer } from '../harness/pages/test-server.js';
import { EXTENSION_ENVIRONMENTS } from '../vite.config.js';

export async function buildExtension(): Promise<void> {
  const builder = await createBuilder({
    configFile: resolve(import.meta.dirname, '../vite.config.ts'),
    logLevel: 'warn',
  });
  for (const name of EXTENSION_ENVIRONMENTS) {
    const environment = builder.environments[name];
    if (!environment) throw new Error(`vite.config.ts has no "${name}" environment`);
    await builder.build(environment);
  }
}

/** Chromium with the extension, its service worker and the flood page of a test server. */
export async function openFloodBench() {
  const server = await startTestServer();
  const launch = await launchWithExtension({ headless: true });
  const { context, extensionId } = launch;
  const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const { page, tabId } = await openFloodPage(context, sw, server.url);
  const close = async (): Promise<void> => {
    await launch.close();
    await server.close();
  };
  return { context, extensionId, sw, page, tabId, close };
}

export async function benchFlood(rate: number, seconds: number): Promise<FloodResult> {
  await buildExtension();
  const { context, extensionId, sw, page, tabId, close } = await openFloodBench();
  try {
    const panel = await openPanelWindow(context, sw, extensionId, tabId);
    await panel.setViewportSize({ width: 1280, height: 800 });
    await panel.getByRole('status', { name: 'Capture health' }).filter({ hasText: 'connected' }).waitFor();
    return await floodPanel(page, panel, { rate, seconds, idleSeconds: 3, catchUpTimeoutMs: 180_000 });
  } finally {
    await close();
  }
}

export function reportFlood(r: FloodResult, rate: number, seconds: number): void {
  const ratio = (a: number, b: number): string => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
  console.log(`flood, ${rate} events/s for ${seconds} s into an open panel (${r.sent} events):`);
  console.log(`  idle panel:  ${formatFrames(r.idle)}`);
  console.log(`  under flood: ${formatFrames(r.flood)} (goal: median and p95 < 100 ms)`);
  console.log(
    `  ratio to idle: median ${ratio(r.flood.medianMs, r.idle.medianMs)}, p95 ${ratio(r.flood.p95Ms, r.idle.p95Ms)}, max ${ratio(r.flood.maxMs, r.idle.maxMs)}`,
  );
  console.log(
    `  events in the panel: ${r.shown} of ${r.sent} ${r.shown === r.sent ? 'PASS' : 'FAIL'}; shown ${r.catchUpMs} ms after the page read its last byte (info)`,
  );
}
