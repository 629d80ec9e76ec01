import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { inspectBytes } from './inspect-bytes.js';
import { loadFile } from './load-file.js';
import { exportRedacted, exportSession } from './session-export.js';
import type { SessionNoteV1 } from './session-notes.js';
import { redactFile } from './redact/redact-file.js';

const OPTIONS = { extensionVersion: '0.1.0-test', exportedAt: 1764700999000 };

function model() {
  const r = inspectBytes('frontend-round-trip.har', fixture('frontend-round-trip.har'));
  if (!r.ok) throw new Error(r.error);
  return r.model;
}

function notesOf(text: string) {
  const loaded = loadFile('again.json', new TextEncoder().encode(text));
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded;
}

describe('notes in the session export', () => {
  it('survive an export and import, one per kind of target', () => {
    const m = model();
    const run = m.runs[0];
    const call = run?.toolCalls[0];
    if (!run || !call) throw new Error('fixture changed');
    const s = run.streamId;
    const notes: SessionNoteV1[] = [
      { id: 'n1', text: 'Run looks slow', createdAt: 1, target: { kind: 'run', streamId: s, run: run.ordinal } },
      {
        id: 'n2',
        text: 'Wrong booking id',
        createdAt: 2,
        target: { kind: 'call', streamId: s, run: run.ordinal, toolCallId: call.toolCallId },
      },
      { id: 'n3', text: 'here', createdAt: 3, target: { kind: 'event', streamId: s, event: 2 } },
      { id: 'n4', text: 'known', createdAt: 4, target: { kind: 'finding', streamId: s, rule: 'x', event: 1 } },
      { id: 'n5', text: 'gone', createdAt: 5, target: { kind: 'run', streamId: 'not-exported', run: 0 } },
    ];
    const loaded = notesOf(exportSession(m, { ...OPTIONS, notes }));
    expect(loaded.sessionNotes).toEqual(notes.slice(0, 4));
  });

  it('follow their streams when a redacted export renames them, and keep through `redact`', () => {
    const m = model();
    const second = m.streams[1];
    if (!second) throw new Error('fixture changed');
    const note: SessionNoteV1 = {
      id: 'n1',
      text: 'second run',
      createdAt: 1,
      target: { kind: 'run', streamId: second.info.streamId, run: 0 },
    };
    const red = exportRedacted(m, { ...OPTIONS, notes: [note] });
    const loaded = notesOf(red.text);
    expect(loaded.sessionNotes).toEqual([{ ...note, target: { ...note.target, streamId: 'stream-1' } }]);
    expect(loaded.ok && loaded.captures[1]?.open.streamId).toBe('stream-1');
    const again = redactFile('s.json', new TextEncoder().encode(exportSession(m, { ...OPTIONS, notes: [note] })), {
      hideLengths: false,
    });
    if (!again.ok) throw new Error(again.error);
    expect(notesOf(new TextDecoder().decode(again.bytes)).sessionNotes?.[0]?.target.streamId).toBe('stream-1');
  });

  it('old files import without notes; broken notes are skipped with a note, never fail the file', () => {
    expect(notesOf(new TextDecoder().decode(fixture('session-v1.json'))).sessionNotes).toBeUndefined();
    const text = exportSession(model(), OPTIONS);
    const file = JSON.parse(text) as Record<string, unknown>;
    file['notes'] = [
      { id: 'a', text: 'ok', createdAt: 1, target: { kind: 'event', streamId: 'x', event: 3 } },
      { id: 'b', text: 'no target' },
      { id: 'c', text: 7, target: { kind: 'run', streamId: 'x', run: 0 } },
      { id: 'd', text: 'bad index', target: { kind: 'event', streamId: 'x', event: -1 } },
    ];
    const loaded = notesOf(JSON.stringify(file));
    expect(loaded.sessionNotes?.map((n) => n.id)).toEqual(['a']);
    expect(loaded.notes.join('\n')).toContain('skipped 3 unreadable note(s)');
    file['notes'] = 'nope';
    expect(notesOf(JSON.stringify(file)).notes.join('\n')).toContain('"notes" is not a list');
  });
});
