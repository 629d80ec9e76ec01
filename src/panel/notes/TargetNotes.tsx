import { useState } from 'preact/hooks';
import type { NoteTargetV1 } from '../../core/io/session-notes.js';
import { sameTarget } from '../derive/note-target.js';
import { usePanel } from '../store-context.js';

/** The notes on one run, call, event or finding, and a form to add one (in the detail pane and finding cards). */
export function TargetNotes({ target, what }: { readonly target: NoteTargetV1; readonly what: string }) {
  const { store } = usePanel();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const mine = store.notes.list.value.filter((n) => sameTarget(n.target, target));
  const save = (): void => {
    if (store.notes.add(target, text, Date.now())) {
      setText('');
      setEditing(false);
      store.notice.value = `Note added to this ${what}`;
    }
  };
  return (
    <div class="target-notes">
      {mine.length > 0 && (
        <ul class="note-list" aria-label={`Notes on this ${what}`}>
          {mine.map((n) => (
            <li key={n.id} class={`note${store.notes.current.value === n.id ? ' current' : ''}`}>
              <span class="note-text">{n.text}</span>
              <button
                type="button"
                class="tb-btn tb-text"
                aria-label={`Delete note: ${n.text}`}
                onClick={() => store.notes.remove(n.id)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <form
          class="note-form"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <textarea
            aria-label="Note text"
            rows={3}
            value={text}
            // Typing here must not trigger the panel's single-key shortcuts; Escape cancels.
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                setEditing(false);
              } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) save();
            }}
            onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
            ref={(el) => el?.focus()}
          />
          <div class="detail-actions">
            <button type="submit" class="tb-btn tb-text" disabled={text.trim() === ''}>
              Save note
            </button>
            <button type="button" class="tb-btn tb-text" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" class="tb-btn tb-text" onClick={() => setEditing(true)}>
          {`Add note to this ${what}`}
        </button>
      )}
    </div>
  );
}
