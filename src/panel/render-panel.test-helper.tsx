// Mounts the real panel (real core, real store) into happy-dom for component tests,
// with a manual frame scheduler so tests flush batches synchronously.
import { signal } from '@preact/signals';
import { act } from '@testing-library/preact';
import { createMemoryTransport, type MemoryTransport } from '../bridge/memory-transport.js';
import type { RelayMessage } from '../bridge/messages.js';
import { mountPanel, type MountedPanel } from './mount.js';
import { createManualScheduler, type ManualScheduler } from './store/scheduler.js';
import type { ThemeName } from './theme.js';

export interface RenderedPanel extends MountedPanel {
  readonly el: HTMLElement;
  readonly transport: MemoryTransport;
  readonly scheduler: ManualScheduler;
  readonly systemTheme: ReturnType<typeof signal<ThemeName>>;
  feed(msgs: readonly RelayMessage[]): void;
}

export function renderPanel(opts: { offline?: boolean; storage?: Map<string, string> } = {}): RenderedPanel {
  const el = document.createElement('div');
  el.style.height = '600px';
  document.body.appendChild(el);
  const transport = createMemoryTransport(true);
  const scheduler = createManualScheduler();
  const map = opts.storage ?? new Map<string, string>();
  const systemTheme = signal<ThemeName>('light');
  let mounted: MountedPanel | undefined;
  act(() => {
    mounted = mountPanel(el, {
      ...(opts.offline ? { offline: true } : { transport }),
      scheduler,
      publishIntervalMs: 0,
      // One flush applies all a test fed (the frame budget is capture-store.test.ts's).
      frameBudgetMs: Infinity,
      storage: { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) },
      theme: { theme: systemTheme, dispose: () => undefined },
    });
  });
  const m = mounted as MountedPanel;
  return {
    ...m,
    el,
    transport,
    scheduler,
    systemTheme,
    feed(msgs) {
      act(() => {
        for (const msg of msgs) transport.deliver(msg);
        scheduler.flush();
      });
    },
    unmount() {
      act(() => m.unmount());
      el.remove();
    },
  };
}
