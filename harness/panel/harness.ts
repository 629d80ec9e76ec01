// The e2e harness page: the real panel mounted in a plain page, fed through a memory
// transport. Query: ?offline=1, ?theme=light|dark, ?fixture=<name> (streamed live for
// .sse, imported otherwise), ?select=<toolCallId>, ?view=<a view's id in src/panel/view-registry.ts>,
// ?tap=1 (a tap hello, as a page with the tap installed sends), ?demo=showcase.
// Tests, screenshots and the benchmark drive it through window.__harness.
import { signal } from '@preact/signals';
import { createMemoryTransport } from '../../src/bridge/memory-transport.js';
import type { RelayMessage } from '../../src/bridge/messages.js';
import { importFile } from '../../src/panel/io/import-actions.js';
import { mountPanel } from '../../src/panel/mount.js';
import { relayEvents, relayStream } from '../../src/panel/test-kit.js';
import type { ThemeName } from '../../src/panel/theme.js';
import { isViewName } from '../../src/panel/view-registry.js';
import { createHarnessBench } from './harness-bench.js';
import { showcase } from './showcase.js';

const params = new URLSearchParams(location.search);
const offline = params.get('offline') === '1';
const forcedTheme = params.get('theme');
const theme = signal<ThemeName>(
  forcedTheme === 'dark'
    ? 'dark'
    : forcedTheme === 'light'
      ? 'light'
      : matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light',
);
const transport = createMemoryTransport(true);
const el = document.getElementById('app') as HTMLElement;
if (params.get('fresh') === '1') localStorage.clear();
const panel = mountPanel(el, {
  ...(offline ? { offline: true } : { transport }),
  theme: { theme, dispose: () => undefined },
});
const store = panel.store;

async function fixtureBytes(name: string): Promise<Uint8Array> {
  const res = await fetch(`/fixtures/${encodeURIComponent(name)}`);
  if (!res.ok) throw new Error(`fixture ${name}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** Split bytes into chunks of `size` (mid-line and mid-UTF-8, as networks do). */
function split(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

let streams = 0;
const harness = {
  store,
  transport,
  deliver(msgs: readonly RelayMessage[]): void {
    for (const m of msgs) transport.deliver(m);
  },
  events(
    events: readonly unknown[],
    opts: { streamId?: string; url?: string; requestBody?: unknown; t0?: number } = {},
  ): void {
    harness.deliver(relayEvents({ streamId: opts.streamId ?? `h${streams++}`, ...opts }, events));
  },
  async streamFixture(
    name: string,
    opts: { chunk?: number; streamId?: string; requestBody?: unknown; t0?: number } = {},
  ): Promise<void> {
    const bytes = await fixtureBytes(name);
    harness.deliver(
      relayStream(
        { streamId: opts.streamId ?? `h${streams++}`, url: `http://localhost/${name}`, ...opts },
        split(bytes, opts.chunk ?? 97),
      ),
    );
  },
  async importFixture(name: string): Promise<boolean> {
    return importFile(store, name, await fixtureBytes(name));
  },
  setTheme(t: ThemeName): void {
    theme.value = t;
  },
  select(toolCallId: string): boolean {
    const runs = store.capture.model.peek().runs;
    for (let i = 0; i < runs.length; i++) {
      const run = runs[i];
      if (!run) continue;
      for (let c = 0; c < run.toolCalls.length; c++) {
        if (run.toolCalls[c]?.toolCallId === toolCallId) {
          store.selection.selectCall({ runKey: run.key, toolCallId });
          return true;
        }
      }
    }
    return false;
  },
  counts: () => ({
    ...store.capture.model.peek().counts,
    runs: store.capture.model.peek().runs.length,
    streams: store.capture.model.peek().streams.length,
  }),
  bench: createHarnessBench(store, transport),
};
(window as unknown as { __harness: typeof harness }).__harness = harness;

async function boot(): Promise<void> {
  if (params.get('tap') === '1')
    harness.deliver([{ kind: 'tap-ready', frameId: 'harness', frameUrl: location.href, top: true, t: Date.now() }]);
  if (params.get('demo') === 'showcase') harness.deliver(showcase());
  const fixture = params.get('fixture');
  if (fixture) {
    if (/\.sse$/.test(fixture) && !offline) await harness.streamFixture(fixture);
    else await harness.importFixture(fixture);
  }
  await applied();
  const view = params.get('view');
  if (view !== null && isViewName(view)) store.selection.view.value = view;
  const select = params.get('select');
  if (select) harness.select(select);
  document.body.dataset.ready = '1';
}

/**
 * The store applies what arrives in time-boxed slices and publishes at most every interval:
 * on a busy machine the showcase was still half applied when a test read its findings (a
 * finding of a half-applied run, gone once its reopen arrived). Ready means all of it shows.
 */
async function applied(): Promise<void> {
  const capture = store.capture;
  for (;;) {
    capture.flush(true);
    const shown = capture.model.peek();
    const current = capture.inspector().model;
    if (shown.version === current.version && shown.findings === current.findings && shown.streams === current.streams)
      return;
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  }
}
void boot();
