// Entry point of panel.html: decides where the data comes from and mounts the panel.
// Inside DevTools → the DevTools page's running connection (hand-off); `?tabId=N` → a
// port to tab N (pop-out and e2e); otherwise → the offline viewer for imported files.
import { attachFromDevtools } from '../src/bridge/devtools-handoff.js';
import { mountPanel } from '../src/panel/mount.js';
import { createDevtoolsThemeSource, type ThemeSource } from '../src/panel/theme.js';

const el = document.getElementById('app') ?? document.body;
const devtools = typeof chrome !== 'undefined' ? chrome.devtools : undefined;
const inDevtools = devtools?.inspectedWindow?.tabId !== undefined;
const hasTab = /[?&]tabId=\d+(&|$)/.test(location.search);

function devtoolsTheme(): ThemeSource | undefined {
  const panels = devtools?.panels;
  if (!panels || typeof panels.themeName !== 'string') return undefined;
  return createDevtoolsThemeSource(panels.themeName, (cb) => {
    // Chrome 99+: follow theme switches live; older versions keep the initial theme.
    if (typeof panels.setThemeChangeHandler !== 'function') return () => undefined;
    panels.setThemeChangeHandler((theme) => cb(String(theme)));
    return () => panels.setThemeChangeHandler();
  });
}

if (inDevtools || hasTab) {
  const theme = devtoolsTheme();
  attachFromDevtools(window)
    .then(({ transport, tabId }) => mountPanel(el, { transport, tabId, ...(theme ? { theme } : {}) }))
    .catch(() => mountPanel(el, { offline: true }));
} else {
  mountPanel(el, { offline: true });
}
