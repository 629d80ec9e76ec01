// Importing a file (the Import button, a drop, the harness): read it through the core, show
// its session, say what came in, and open a bug report at its first note. An action above the
// store: the store only holds what it is shown (`showLoaded`).
import { openNote } from '../note-actions.js';
import type { PanelStore } from '../store/panel-store.js';

/** Whether the file could be read (when not, the notice says why and nothing changes). */
export function importFile(store: PanelStore, name: string, bytes: Uint8Array): boolean {
  const result = store.core.loadFile(name, bytes);
  if (!result.ok) {
    store.notice.value = `Could not import ${name}: ${result.error}`;
    return false;
  }
  store.showLoaded(name, result);
  const said = result.notes.length > 0 ? ` (${result.notes.join('; ')})` : '';
  store.notice.value = `Imported ${name} as ${result.format}: ${result.captures.length} stream(s)${said}`;
  store.notes.replace(result.sessionNotes ?? []);
  // A file with notes (a bug report) opens at its first note.
  const first = store.notes.list.peek()[0];
  if (first) openNote(store, first);
  return true;
}
