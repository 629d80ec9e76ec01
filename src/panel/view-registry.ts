// The panel's views, declared once as plain data: ViewName, the tabs' order and accessible
// names, and the e2e harness's `?view=` list all come from this list. It imports nothing, so
// the store may read it; the component each view shows is in shell/view-components.ts, the
// counts on its tab in derive/tab-counts.ts.

export interface ViewEntry {
  readonly id: string;
  /** The tab's text and accessible name (a contract: e2e tests and users find tabs by it). */
  readonly label: string;
  /** The tab's count is part of its name ("Findings (3)") rather than its description. */
  readonly countInName?: boolean;
  /** What the detail pane shows beside this view; another selection's pane waits for its own view. */
  readonly details: readonly DetailKind[];
}

/** What the detail pane can show. */
export type DetailKind = 'call' | 'event' | 'run';
const ALL_DETAILS: readonly DetailKind[] = ['call', 'event', 'run'];

export const VIEWS = [
  { id: 'timeline', label: 'Timeline', details: ALL_DETAILS },
  { id: 'events', label: 'Events', details: ['event'] },
  { id: 'findings', label: 'Findings', countInName: true, details: ALL_DETAILS },
  { id: 'state', label: 'State', details: [] },
  { id: 'surface', label: 'Surface', details: [] },
  { id: 'messages', label: 'Messages', details: ['call', 'run'] },
  { id: 'notes', label: 'Notes', countInName: true, details: ALL_DETAILS },
] as const satisfies readonly ViewEntry[];

export type ViewName = (typeof VIEWS)[number]['id'];

const NAMES: ReadonlySet<string> = new Set(VIEWS.map((v) => v.id));

/** Whether a name from outside (a URL, a test) is one of the views. */
export function isViewName(name: string): name is ViewName {
  return NAMES.has(name);
}

/** The details the view shows beside it (see ViewEntry.details). */
export function detailsOf(view: ViewName): readonly DetailKind[] {
  return VIEWS.find((v) => v.id === view)?.details ?? ALL_DETAILS;
}
