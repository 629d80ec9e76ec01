// mountPanel: the one entry the extension page, the e2e harness and tests call. Code takes
// its transport as an argument (no chrome.* here); with none it is the offline viewer.
import { render } from 'preact';
import type { PanelTransport } from '../bridge/transport.js';
import { App } from './shell/App.js';
import { createPanelCore, type PanelCore } from './core-deps.js';
import { createPanelStore, type PanelStore } from './store/panel-store.js';
import { createRafScheduler, type FrameScheduler } from './store/scheduler.js';
import type { SettingsStorage } from './store/settings-store.js';
import { createTimelineViewStore } from './store/timeline-view-store.js';
import type { WorkerCounterAccess } from './worker-counter-access.js';
import { linkTimelineReset } from './store/timeline-reset.js';
import { PanelContext } from './store-context.js';
import { createMediaThemeSource, type ThemeSource } from './theme.js';
import './styles/panel.css';
import './styles/severity.css';
import './styles/compare-notes.css';
import './styles/timeline.css';
import './styles/thread-summary.css';

/**
 * One task's share for applying captured messages: a due frame waits at most about this
 * long (plus one 64 KB piece); under a flood the backlog drains over the next tasks.
 */
const FRAME_BUDGET_MS = 10;

export interface MountOptions {
  readonly transport?: PanelTransport;
  readonly tabId?: number;
  readonly offline?: boolean;
  /** Injected for tests and the harness; defaults are the real ones. */
  readonly core?: PanelCore;
  readonly scheduler?: FrameScheduler;
  readonly storage?: SettingsStorage | null;
  readonly theme?: ThemeSource;
  /** Min ms between view updates while streaming (default 100; tests pass 0). */
  readonly publishIntervalMs?: number;
  /** Most ms of captured messages applied in one task (default 10; see PublishPolicy). */
  readonly frameBudgetMs?: number;
  /** The worker-stream counter's optional permission (extension pages that may ask for it). */
  readonly workerCounter?: WorkerCounterAccess;
}

export interface MountedPanel {
  readonly store: PanelStore;
  unmount(): void;
}

function defaultStorage(): SettingsStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function mountPanel(el: HTMLElement, opts: MountOptions = {}): MountedPanel {
  const offline = opts.offline === true || !opts.transport;
  const store = createPanelStore({
    core: opts.core ?? createPanelCore(),
    scheduler: opts.scheduler ?? createRafScheduler(),
    ...(opts.transport && !offline ? { transport: opts.transport } : {}),
    ...(opts.storage === null ? {} : { storage: opts.storage ?? defaultStorage() }),
    offline,
    publishIntervalMs: opts.publishIntervalMs ?? 100,
    frameBudgetMs: opts.frameBudgetMs ?? FRAME_BUDGET_MS,
    ...(opts.tabId !== undefined ? { panelId: `panel-${opts.tabId}-${Date.now().toString(36)}` } : {}),
  });
  const theme = opts.theme ?? createMediaThemeSource(typeof window === 'undefined' ? undefined : window);
  const timelineView = createTimelineViewStore();
  const unlinkReset = linkTimelineReset(store, timelineView);
  render(
    <PanelContext.Provider
      value={{ store, timelineView, ...(opts.workerCounter && !offline ? { workerCounter: opts.workerCounter } : {}) }}
    >
      <App systemTheme={theme.theme} />
    </PanelContext.Provider>,
    el,
  );
  return {
    store,
    unmount() {
      render(null, el);
      unlinkReset();
      store.dispose();
      theme.dispose();
      opts.transport?.close();
    },
  };
}
