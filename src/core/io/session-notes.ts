// Notes a person attached to a session (docs/session-format.md, "notes"): what they are
// anchored to, read defensively from a file, and carried through an export, where a
// redacted export renames the streams they point at.
import { isRecord, num, str } from './text.js';

/** What a note is about. `run` is the run's ordinal in its stream; `event` a raw wire index. */
export type NoteTargetV1 =
  | { readonly kind: 'run'; readonly streamId: string; readonly run: number }
  | { readonly kind: 'call'; readonly streamId: string; readonly run: number; readonly toolCallId: string }
  | { readonly kind: 'event'; readonly streamId: string; readonly event: number }
  | { readonly kind: 'finding'; readonly streamId: string; readonly rule: string; readonly event: number };

export interface SessionNoteV1 {
  readonly id: string;
  /** The person's own words: kept as written, in every export. */
  readonly text: string;
  /** ms since epoch. */
  readonly createdAt: number;
  readonly target: NoteTargetV1;
}

/** Notes longer than this are cut when read (a note is a sentence or two, not a file). */
export const MAX_NOTE_CHARS = 10_000;
const MAX_NOTES = 10_000;

const index = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
};

function readTarget(v: unknown): NoteTargetV1 | undefined {
  if (!isRecord(v)) return undefined;
  const streamId = str(v['streamId']);
  if (streamId === undefined || streamId === '') return undefined;
  const run = index(v['run']);
  const event = index(v['event']);
  switch (v['kind']) {
    case 'run':
      return run === undefined ? undefined : { kind: 'run', streamId, run };
    case 'call': {
      const toolCallId = str(v['toolCallId']);
      return run === undefined || toolCallId === undefined ? undefined : { kind: 'call', streamId, run, toolCallId };
    }
    case 'event':
      return event === undefined ? undefined : { kind: 'event', streamId, event };
    case 'finding': {
      const rule = str(v['rule']);
      return event === undefined || rule === undefined ? undefined : { kind: 'finding', streamId, rule, event };
    }
    default:
      return undefined;
  }
}

/** The readable notes of a file's `notes` field; anything else is skipped and counted in `notes`. */
export function readSessionNotes(name: string, value: unknown, notes: string[]): SessionNoteV1[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    notes.push(`${name}: "notes" is not a list; ignored`);
    return [];
  }
  const out: SessionNoteV1[] = [];
  let skipped = 0;
  for (const item of value.slice(0, MAX_NOTES)) {
    const target = isRecord(item) ? readTarget(item['target']) : undefined;
    const text = isRecord(item) ? str(item['text']) : undefined;
    if (!target || text === undefined || !isRecord(item)) {
      skipped++;
      continue;
    }
    out.push({
      id: str(item['id']) ?? `note-${out.length}`,
      text: text.slice(0, MAX_NOTE_CHARS),
      createdAt: num(item['createdAt']) ?? 0,
      target,
    });
  }
  if (skipped > 0) notes.push(`${name}: skipped ${skipped} unreadable note(s)`);
  return out;
}

/**
 * The notes about the exported streams, their stream ids as the file writes them:
 * `renamed[i]` is the id stream `streamIds[i]` gets in the file; `callId` gives a tool
 * call's id as the file writes it (a strict redaction's pseudonym).
 */
export function notesForExport(
  notes: readonly SessionNoteV1[],
  streamIds: readonly string[],
  renamed: readonly string[],
  callId: (id: string) => string = (id) => id,
): SessionNoteV1[] {
  const to = new Map(streamIds.map((id, i) => [id, renamed[i] ?? id]));
  const out: SessionNoteV1[] = [];
  for (const n of notes) {
    const streamId = to.get(n.target.streamId);
    if (streamId === undefined) continue;
    const t = n.target;
    out.push({
      ...n,
      target: t.kind === 'call' ? { ...t, streamId, toolCallId: callId(t.toolCallId) } : { ...t, streamId },
    });
  }
  return out;
}
