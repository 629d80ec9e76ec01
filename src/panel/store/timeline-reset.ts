// Clear and a new import start the timeline afresh: zoom, scroll position and axis choice
// from the old session would leave the new one's runs off screen.
import { effect } from '@preact/signals';
import type { PanelStore } from './panel-store.js';
import type { TimelineViewStore } from './timeline-view-store.js';

export function linkTimelineReset(store: PanelStore, timelineView: TimelineViewStore): () => void {
  let shownFile = store.importedName.peek();
  return effect(() => {
    const empty = store.capture.model.value.streams.length === 0;
    const file = store.importedName.value;
    if (empty || file !== shownFile) {
      shownFile = file;
      timelineView.reset();
    }
  });
}
