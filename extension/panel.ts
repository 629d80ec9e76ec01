// Entry point of panel.html: decides where the data comes from and mounts the panel.
// Inside DevTools → the DevTools page's running connection (hand-off); `?tabId=N` → a
// port to tab N (pop-out and e2e); otherwise → the offline viewer for imported files.
import browser, { type Devtools } from 'webextension-polyfill';
import { attachFromDevtools } from '../src/bridge/devtools-handoff.js';
import { mountPanel } from '../src/panel/mount.js';
import { createDevtoolsThemeSource, type ThemeSource } from '../src/panel/theme.js';
import type { WorkerCounterAccess } from '../src/panel/worker-counter-access.js';

/** Chrome 99+ reports theme switches through this instead of Firefox's onThemeChanged. */
type Panels = Devtools.Static['panels'] & { setThemeChangeHandler?: (cb?: (theme: unknown) => void) => void };

const el = document.getElementById('app') ?? document.body;
// Absent outside DevTools (the pop-out tab and the offline viewer).
const devtools = browser.devtools as Devtools.Static | undefined;
const devtoolsTabId = devtools?.inspectedWindow?.tabId;
const hasTab = /[?&]tabId=\d+(&|$)/.test(location.search);

function devtoolsTheme(): ThemeSource | undefined {
  const panels = devtools?.panels as Panels | undefined;
  if (!panels || typeof panels.themeName !== 'string') return undefined;
  return createDevtoolsThemeSource(panels.themeName, (cb) => {
    const onChanged = panels.onThemeChanged as Panels['onThemeChanged'] | undefined;
    if (onChanged) {
      const listener = (theme: string): void => cb(String(theme));
      onChanged.addListener(listener);
      return () => onChanged.removeListener(listener);
    }
    // Older Chrome versions have neither: they keep the initial theme.
    const set = panels.setThemeChangeHandler;
    if (typeof set !== 'function') return () => undefined;
    set.call(panels, (theme: unknown) => cb(String(theme)));
    return () => set.call(panels);
  });
}

/**
 * The worker-stream counter's optional permission. Absent where an extension page cannot ask
 * (Firefox gives a DevTools panel no `permissions` API; its pop-out tab can).
 */
function workerCounter(): WorkerCounterAccess | undefined {
  const permissions = (browser as Partial<typeof browser>).permissions;
  if (!permissions?.request) return undefined;
  const webRequest = { permissions: ['webRequest' as const] };
  return {
    isOn: () => permissions.contains(webRequest),
    turnOn: () => permissions.request(webRequest),
    turnOff: () => permissions.remove(webRequest),
  };
}

if (devtoolsTabId !== undefined || hasTab) {
  const theme = devtoolsTheme();
  const counter = workerCounter();
  attachFromDevtools(window, { devtoolsTabId, connect: (name) => browser.runtime.connect({ name }) })
    .then(({ transport, tabId }) =>
      mountPanel(el, { transport, tabId, ...(theme ? { theme } : {}), ...(counter ? { workerCounter: counter } : {}) }),
    )
    .catch(() => mountPanel(el, { offline: true }));
} else {
  mountPanel(el, { offline: true });
}
