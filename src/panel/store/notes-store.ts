// The session's notes: added in the panel, written into every session export, read back
// from an imported session or bug report. Replaced whole on import, emptied by Clear.
import { signal, type Signal } from '@preact/signals';
import type { NoteTargetV1, SessionNoteV1 } from '../../core/io/session-notes.js';
import { MAX_NOTE_CHARS } from '../core-deps.js';

export interface NotesStore {
  readonly list: Signal<readonly SessionNoteV1[]>;
  /** The note last opened (from a pin, the Notes list, or a bug report): highlighted in the list. */
  readonly current: Signal<string | undefined>;
  add(target: NoteTargetV1, text: string, now: number): SessionNoteV1 | undefined;
  remove(id: string): void;
  replace(notes: readonly SessionNoteV1[]): void;
}

export function createNotesStore(): NotesStore {
  const list = signal<readonly SessionNoteV1[]>([]);
  const current = signal<string | undefined>(undefined);
  let seq = 0;
  return {
    list,
    current,
    add(target, text, now) {
      const t = text.trim().slice(0, MAX_NOTE_CHARS);
      if (t === '') return undefined;
      let id = `note-${now}-${seq++}`;
      while (list.peek().some((n) => n.id === id)) id = `note-${now}-${seq++}`;
      const note: SessionNoteV1 = { id, text: t, createdAt: now, target };
      list.value = [...list.peek(), note];
      return note;
    },
    remove(id) {
      list.value = list.peek().filter((n) => n.id !== id);
      if (current.peek() === id) current.value = undefined;
    },
    replace(notes) {
      list.value = notes;
      current.value = undefined;
    },
  };
}
