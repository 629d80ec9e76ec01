import { noteTargetLabel } from '../derive/note-target.js';
import { openNote } from '../note-actions.js';
import { usePanel } from '../store-context.js';
import { ViewRoot } from '../widgets/ViewRoot.js';

/** Every note of the session, in the order written; each opens what it is about. */
export function NotesView() {
  return (
    <ViewRoot name="notes">
      <NotesContent />
    </ViewRoot>
  );
}

function NotesContent() {
  const { store } = usePanel();
  const notes = store.notes.list.value;
  const current = store.notes.current.value;
  if (notes.length === 0)
    return (
      <div class="empty" role="status">
        No notes yet. Add one from a run, call or event in the detail pane, or from a finding; notes are saved in
        session exports and bug reports.
      </div>
    );
  return (
    <ol class="notes-view" aria-label="Notes">
      {notes.map((n, i) => (
        <li key={n.id} class={`note${current === n.id ? ' current' : ''}`} aria-current={current === n.id}>
          <div class="dim">{`${i + 1}. on ${noteTargetLabel(n.target, store, (r) => store.runLabels.value.of(r).text)}`}</div>
          <div class="note-text">{n.text}</div>
          <div class="detail-actions">
            <button type="button" class="tb-btn tb-text" onClick={() => openNote(store, n)}>
              Show
            </button>
            <button
              type="button"
              class="tb-btn tb-text"
              aria-label={`Delete note ${i + 1}`}
              onClick={() => store.notes.remove(n.id)}
            >
              Delete
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
