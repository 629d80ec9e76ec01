// What App shows for each view of the registry (src/panel/view-registry.ts). A Record, so a
// view added there without its component here fails the typecheck.
import type { FunctionComponent } from 'preact';
import { EventsView } from '../events/EventsView.js';
import { FindingsView } from '../findings/FindingsView.js';
import { MessagesView } from '../messages/MessagesView.js';
import { NotesView } from '../notes/NotesView.js';
import { StateView } from '../state/StateView.js';
import { SurfaceView } from '../surface/SurfaceView.js';
import { TimelineView } from '../timeline/TimelineView.js';
import type { ViewName } from '../view-registry.js';

export const VIEW_COMPONENTS: Readonly<Record<ViewName, FunctionComponent>> = {
  timeline: TimelineView,
  events: EventsView,
  findings: FindingsView,
  state: StateView,
  surface: SurfaceView,
  messages: MessagesView,
  notes: NotesView,
};
