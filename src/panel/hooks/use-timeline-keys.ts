// The timeline's keys: lane moves (arrows, j / k, Home / End, Page Up / Down), pan (← →),
// zoom (+ −), fit (0: the runs shown), Enter opens the call detail.
import type { TimelineIndex } from '../derive/timeline-index.js';
import type { CallRef } from '../store/selection-store.js';
import type { PanelStore } from '../store/panel-store.js';
import type { TimelineViewStore } from '../store/timeline-view-store.js';
import { focusDetail } from '../focus.js';

const PAGE_ROWS = 20;

export function timelineKeyHandler(
  store: PanelStore,
  timelineView: TimelineViewStore,
  index: TimelineIndex,
  selectedRow: number,
  sel: CallRef | undefined,
  fit: () => void,
): (e: KeyboardEvent) => void {
  /** Select the first call lane at or after `from` in direction `dir` (other rows are headers). */
  const selectCallFrom = (from: number, dir: 1 | -1): boolean => {
    for (let i = from; i >= 0 && i < index.count; i += dir) {
      const row = index.rowAt(i);
      if (row?.kind === 'call') {
        store.selection.moveToCall({ runKey: row.run.key, toolCallId: row.call.toolCallId });
        return true;
      }
    }
    return false;
  };
  const page = (dir: 1 | -1): void => {
    const from = Math.max(0, Math.min(index.count - 1, selectedRow + dir * PAGE_ROWS));
    if (!selectCallFrom(from, dir)) selectCallFrom(from, dir === 1 ? -1 : 1);
  };
  const keys: Record<string, () => void> = {
    ArrowDown: () => selectCallFrom(selectedRow + 1, 1),
    j: () => selectCallFrom(selectedRow + 1, 1),
    ArrowUp: () => selectCallFrom(selectedRow < 0 ? index.count - 1 : selectedRow - 1, -1),
    k: () => selectCallFrom(selectedRow < 0 ? index.count - 1 : selectedRow - 1, -1),
    Home: () => selectCallFrom(0, 1),
    End: () => selectCallFrom(index.count - 1, -1),
    PageDown: () => page(1),
    PageUp: () => page(-1),
    ArrowLeft: () => timelineView.pan(-80),
    ArrowRight: () => timelineView.pan(80),
    '+': () => timelineView.zoom(0.8),
    '=': () => timelineView.zoom(0.8),
    '-': () => timelineView.zoom(1.25),
    '0': fit,
    Enter: () => {
      if (sel) store.selection.detail.value = 'call';
      focusDetail();
    },
  };
  return (e) => {
    const fn = keys[e.key];
    if (fn && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      fn();
    }
  };
}
