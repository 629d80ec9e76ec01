// The panel's views, declared once: ViewName, the tabs (their order, names and counts) and
// the view App shows for each come from this list. A view is added here and nowhere else.
import type { FunctionComponent } from 'preact';
import { EventsView } from './events/EventsView.js';
import { FindingsView } from './findings/FindingsView.js';
import { MessagesView } from './messages/MessagesView.js';
import { NotesView } from './notes/NotesView.js';
import { StateView } from './state/StateView.js';
import { TimelineView } from './timeline/TimelineView.js';
import { eventsCount, findingsCount, notesCount, timelineCount, type TabCount } from './derive/tab-counts.js';
import type { PanelStore } from './store/panel-store.js';

export interface ViewSpec {
  readonly id: string;
  /** The tab's text and accessible name (a contract: e2e tests and users find tabs by it). */
  readonly label: string;
  readonly component: FunctionComponent;
  /** What the tab counts, after the filter: shown of total. */
  readonly count?: (store: PanelStore) => TabCount;
  /** The count is part of the tab's name ("Findings (3)") rather than its description. */
  readonly countInName?: boolean;
}

export const VIEWS = [
  { id: 'timeline', label: 'Timeline', component: TimelineView, count: timelineCount },
  { id: 'events', label: 'Events', component: EventsView, count: eventsCount },
  { id: 'findings', label: 'Findings', component: FindingsView, count: findingsCount, countInName: true },
  { id: 'state', label: 'State', component: StateView },
  { id: 'messages', label: 'Messages', component: MessagesView },
  { id: 'notes', label: 'Notes', component: NotesView, count: notesCount, countInName: true },
] as const satisfies readonly ViewSpec[];

export type ViewName = (typeof VIEWS)[number]['id'];

const BY_ID: ReadonlyMap<string, ViewSpec> = new Map(VIEWS.map((v) => [v.id, v]));

export function viewSpec(id: ViewName): ViewSpec {
  return BY_ID.get(id) ?? VIEWS[0];
}
