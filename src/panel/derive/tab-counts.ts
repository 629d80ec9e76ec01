// The counts on the view tabs (TAB_COUNTS names which tab counts what), after the
// filter (and run selector, severity chips): what each list shows, next to what it would
// show unfiltered. O(runs + streams): the filtered numbers come from the indexes the views
// read anyway.
import type { PanelStore } from '../store/panel-store.js';
import type { ViewName } from '../view-registry.js';

export interface TabCount {
  readonly shown: number;
  readonly total: number;
  /** What is counted, where the tab's name does not say it (the Timeline draws runs and calls). */
  readonly unit?: string;
}

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

export function timelineCount(store: PanelStore): TabCount {
  const model = store.capture.model.value;
  const run = store.selectedRun.value;
  let calls = 0;
  for (let i = 0; i < model.runs.length; i++) {
    const r = model.runs[i];
    if (r && (!run || r === run)) calls += r.toolCalls.length;
  }
  // A session of runs without tool calls still draws its runs: count those, not "0" calls.
  if (calls === 0) {
    const runs = run ? 1 : model.runs.length;
    const shown = store.timeline.value.runs.length;
    return { shown, total: Math.max(runs, shown), unit: plural(runs, 'run', 'runs') };
  }
  return { shown: store.timeline.value.calls, total: calls, unit: plural(calls, 'call', 'calls') };
}

export function eventsCount(store: PanelStore): TabCount {
  const model = store.capture.model.value;
  const run = store.selectedRun.value;
  let events = 0;
  if (run) events = run.lastEvent - run.firstEvent + 1;
  else
    for (let i = 0; i < model.streams.length; i++) {
      const s = model.streams[i];
      if (s) events += store.settings.settings.value.expandedEvents ? s.expanded.length : s.rawEvents.length;
    }
  return { shown: store.events.value.count, total: Math.max(events, store.events.value.count) };
}

export function findingsCount(store: PanelStore): TabCount {
  const c = store.capture.model.value.counts;
  return { shown: store.findings.value.order.length, total: c.error + c.warning + c.notice };
}

export function notesCount(store: PanelStore): TabCount {
  const n = store.notes.list.value.length;
  return { shown: n, total: n };
}

/** What each view's tab counts: shown of total. A view not named here has no count. */
export const TAB_COUNTS: Readonly<Partial<Record<ViewName, (store: PanelStore) => TabCount>>> = {
  timeline: timelineCount,
  events: eventsCount,
  findings: findingsCount,
  notes: notesCount,
};
