// The counts on the view tabs, after the filter (and run selector, severity chips): what
// each list shows, next to what it would show unfiltered. O(runs + streams): the filtered
// numbers come from the indexes the views read anyway.
import type { PanelStore } from '../store/panel-store.js';
import type { ViewName } from '../store/selection-store.js';

export interface TabCount {
  readonly shown: number;
  readonly total: number;
}

export type TabCounts = Partial<Record<ViewName, TabCount>>;

export function tabCounts(store: PanelStore): TabCounts {
  const model = store.capture.model.value;
  const run = store.selectedRun.value;
  let calls = 0;
  for (let i = 0; i < model.runs.length; i++) {
    const r = model.runs[i];
    if (r && (!run || r === run)) calls += r.toolCalls.length;
  }
  let events = 0;
  if (run) events = run.lastEvent - run.firstEvent + 1;
  else
    for (let i = 0; i < model.streams.length; i++) {
      const s = model.streams[i];
      if (s) events += store.settings.settings.value.expandedEvents ? s.expanded.length : s.rawEvents.length;
    }
  const c = model.counts;
  return {
    timeline: { shown: store.timeline.value.calls, total: calls },
    events: { shown: store.events.value.count, total: Math.max(events, store.events.value.count) },
    findings: { shown: store.findings.value.order.length, total: c.error + c.warning + c.notice },
  };
}
