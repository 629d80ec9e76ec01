// Where a note points in the model on screen: its run, its time on the timeline, a label
// for people, and the timeline row (run header or call lane) that shows its pin.
import type { NoteTargetV1, SessionNoteV1 } from '../../core/io/session-notes.js';
import type { Finding } from '../../core/findings.js';
import type { RunModel, StreamModel } from '../../core/model/types.js';
import { runMention } from '../core-deps.js';

export interface NoteLookup {
  findRun(runKey: string): RunModel | undefined;
  findStream(streamId: string): StreamModel | undefined;
  findRunAt(streamId: string, wireIndex: number): RunModel | undefined;
}

export const runKeyOf = (streamId: string, ordinal: number): string => `${streamId}#${ordinal}`;

export function noteRun(target: NoteTargetV1, m: NoteLookup): RunModel | undefined {
  if (target.kind === 'run' || target.kind === 'call') return m.findRun(runKeyOf(target.streamId, target.run));
  return m.findRunAt(target.streamId, target.event);
}

/** Where a note sits on the timeline: the event it is about (or its run's or call's first) and that event's time; undefined when its target is not in the session. */
export interface NotePlace {
  readonly streamId: string;
  readonly event: number;
  readonly t: number;
}

export function notePlace(target: NoteTargetV1, m: NoteLookup): NotePlace | undefined {
  const run = noteRun(target, m);
  const atRun = run ? { streamId: run.streamId, event: run.firstEvent, t: run.startedAt } : undefined;
  if (target.kind === 'run') return atRun;
  if (target.kind === 'call') {
    const seg = run?.toolCalls.find((c) => c.toolCallId === target.toolCallId)?.segments[0];
    return seg && run ? { streamId: run.streamId, event: seg.startEvent, t: seg.startT } : atRun;
  }
  const t = m.findStream(target.streamId)?.rawEvents.at(target.event)?.t;
  return t !== undefined ? { streamId: target.streamId, event: target.event, t } : atRun;
}

/** How a label names a run: the session's run label (`#3 · 14:02:11 · …`) where known. */
export type RunNamer = (run: RunModel) => string;

// runMention says "run 'abc'"; the label adds its own "run ".
const byId: RunNamer = (run) => runMention(run).replace(/^run /, '');

export function noteTargetLabel(target: NoteTargetV1, m: NoteLookup, name: RunNamer = byId): string {
  const run = noteRun(target, m);
  // A target whose run is not in the session keeps what the note itself says.
  const inRun = run ? ` in run ${name(run)}` : '';
  switch (target.kind) {
    case 'run':
      return run ? `run ${name(run)}` : `a run of stream ${target.streamId}`;
    case 'call': {
      const call = run?.toolCalls.find((c) => c.toolCallId === target.toolCallId);
      return `call ${call ? `${call.name} ` : ''}${target.toolCallId}${inRun}`;
    }
    case 'event':
      return `event #${target.event}${inRun || ` of stream ${target.streamId}`}`;
    case 'finding':
      return `finding ${target.rule} at event #${target.event}${inRun}`;
  }
}

/** Timeline row key: a call note sits on its lane, the others on their run's header. */
export function pinRowKey(target: NoteTargetV1, m: NoteLookup): string | undefined {
  const run = noteRun(target, m);
  if (!run) return undefined;
  return target.kind === 'call' ? `call:${run.key}|${target.toolCallId}` : `run:${run.key}`;
}

export interface PinIndex {
  readonly byRow: ReadonlyMap<string, readonly SessionNoteV1[]>;
  /** The model version it was built for. */
  readonly version: number;
}

/** O(notes): built once per change of notes or model (`version`), read per visible row. */
export function pinIndex(notes: readonly SessionNoteV1[], m: NoteLookup, version: number): PinIndex {
  const byRow = new Map<string, SessionNoteV1[]>();
  for (const n of notes) {
    const key = pinRowKey(n.target, m);
    if (key === undefined) continue;
    const list = byRow.get(key);
    if (list) list.push(n);
    else byRow.set(key, [n]);
  }
  return { byRow, version };
}

export function findingTarget(f: Finding): NoteTargetV1 | undefined {
  const event = f.events[0];
  return event === undefined ? undefined : { kind: 'finding', streamId: f.streamId, rule: f.rule, event };
}

export function sameTarget(a: NoteTargetV1, b: NoteTargetV1): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
