// Going to what a note is about: its run, call, event or finding, on the timeline with the
// detail pane open, the note marked current.
import type { SessionNoteV1 } from '../core/io/session-notes.js';
import { jumpToFinding } from './actions.js';
import { noteRun, runKeyOf } from './derive/note-target.js';
import type { PanelStore } from './store/panel-store.js';

export function openNote(store: PanelStore, note: SessionNoteV1): void {
  const { selection } = store;
  const t = note.target;
  store.compare.close();
  store.notes.current.value = note.id;
  // The note's run may be hidden by the run selector.
  selection.runFilter.value = undefined;
  selection.view.value = 'timeline';
  const run = noteRun(t, store);
  if (t.kind === 'run') selection.selectRun(runKeyOf(t.streamId, t.run));
  else if (t.kind === 'call') selection.selectCall({ runKey: runKeyOf(t.streamId, t.run), toolCallId: t.toolCallId });
  else {
    const findings = store.capture.model.peek().findings;
    const fi =
      t.kind === 'finding'
        ? findings.findIndex((f) => f.streamId === t.streamId && f.rule === t.rule && f.events[0] === t.event)
        : -1;
    if (fi >= 0) jumpToFinding(store, fi);
    else selection.selectEvent({ streamId: t.streamId, index: t.event });
  }
  if (run && t.kind !== 'call') selection.focusRun.value = { runKey: run.key };
}
