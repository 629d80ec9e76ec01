// The store reaches components through context, so tests mount any component with a
// real store and no globals.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { PanelStore } from './store/panel-store.js';
import type { TimelineViewStore } from './store/timeline-view-store.js';
import type { WorkerCounterAccess } from './worker-counter-access.js';

export interface PanelContextValue {
  readonly store: PanelStore;
  readonly timelineView: TimelineViewStore;
  /** The optional worker-stream counter's permission, where the browser lets the panel ask. */
  readonly workerCounter?: WorkerCounterAccess;
}

export const PanelContext = createContext<PanelContextValue | undefined>(undefined);

export function usePanel(): PanelContextValue {
  const value = useContext(PanelContext);
  if (!value) throw new Error('usePanel outside <PanelContext.Provider>');
  return value;
}
