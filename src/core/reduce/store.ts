// The session store: the one owner of the model. It appends to plain arrays and updates
// records in place, and stamps every record it touches with the session's new version,
// so readers learn *that* something changed without paying for persistence (the model
// is read through readonly types everywhere else). Lookups by id go through the Maps kept
// here, beside the model, never in it; lookup.ts is the one place that reads them.
import type { JsonScanState } from '../args/json-state.js';
import type {
  ActivityMark,
  ActivityModel,
  CapturedChunk,
  MessageModel,
  RunModel,
  StreamModel,
  ThreadModel,
  ToolCallModel,
} from '../model/types.js';
import type { EventTable } from './event-table.js';
import type { EventCount } from './event-count.js';
import type { Finding } from '../findings.js';
import type { ArgsDelta, CallSegment, ToolResultModel, UnmatchedResultModel } from '../model/types.js';
import type { SchemaCache } from '../args/schema.js';
import type { Keyed } from '../keyed.js';

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export interface MCall extends Keyed<Omit<ToolCallModel, 'names' | 'segments' | 'deltas' | 'results'>> {
  names: string[];
  segments: Keyed<CallSegment>[];
  deltas: ArgsDelta[];
  results: ToolResultModel[];
}
export type MMessage = Keyed<MessageModel>;
export interface MActivity extends Keyed<Omit<ActivityModel, 'marks'>> {
  marks: ActivityMark[];
}
export interface MRun extends Keyed<Omit<RunModel, 'toolCalls' | 'messages' | 'activities' | 'unmatchedResults'>> {
  toolCalls: MCall[];
  messages: MMessage[];
  activities: MActivity[];
  unmatchedResults: UnmatchedResultModel[] | undefined;
}
export interface MStream extends Keyed<Omit<StreamModel, 'chunks' | 'runKeys'>> {
  chunks: CapturedChunk[];
  runKeys: string[];
}
export interface MThread extends Keyed<Omit<ThreadModel, 'runKeys'>> {
  runKeys: string[];
}
export interface MSession {
  version: number;
  streams: MStream[];
  runs: MRun[];
  threads: MThread[];
  findings: Finding[];
  counts: { error: number; warning: number; notice: number };
}

/** A call with what is not model data: the incremental JSON scan of its argument text. */
export interface CallEntry {
  readonly call: MCall;
  readonly scan: JsonScanState;
}

export interface RunEntry {
  readonly run: MRun;
  readonly calls: Map<string, CallEntry>;
  /** By messageKey(kind, id). */
  readonly messages: Map<string, MMessage>;
}

export interface StreamEntry {
  readonly stream: MStream;
  /** The stream's events (stream.rawEvents / .expanded are its views). */
  events: EventTable | EventCount;
  /** Stream offset of each bytes chunk's first byte. */
  readonly chunkStarts: number[];
  /** The stream's last run, whatever its status. */
  last: RunEntry | undefined;
}

export interface Store {
  readonly model: MSession;
  readonly streams: Map<string, StreamEntry>;
  readonly runs: Map<string, RunEntry>;
  readonly threads: Map<string, MThread>;
  /** Compiled argument schemas, per advertised schema object. */
  readonly schemas: SchemaCache;
}

/**
 * Text and reasoning messages may share an id, so the key tells them apart; a text
 * message's key is its id as is, reasoning keys and the rare text id starting with NUL
 * get a NUL-led prefix, so no two (kind, id) pairs share a key.
 */
export function messageKey(kind: MessageModel['kind'], messageId: string): string {
  if (kind === 'reasoning') return `\u0000r${messageId}`;
  return messageId.charCodeAt(0) === 0 ? `\u0000t${messageId}` : messageId;
}

export function createStore(schemas: SchemaCache = new WeakMap()): Store {
  return {
    model: {
      version: 0,
      streams: [],
      runs: [],
      threads: [],
      findings: [],
      counts: { error: 0, warning: 0, notice: 0 },
    },
    streams: new Map(),
    runs: new Map(),
    threads: new Map(),
    schemas,
  };
}

/** The next version; the caller stamps what it changes with it. */
export function bump(store: Store): number {
  return ++store.model.version;
}

/** Findings are appended as the rule engine reports them; counts stay incremental. */
export function addFindings(store: Store, findings: readonly Finding[]): void {
  if (findings.length === 0) return;
  const m = store.model;
  m.version++;
  for (const f of findings) {
    m.findings.push(f);
    m.counts[f.severity]++;
  }
}

/**
 * Removes the findings `drop` selects (a verdict a later event made stale); counts
 * follow. The findings array is replaced, not edited, so a reader that indexed the old
 * one (it only ever grows otherwise) sees a new array and starts over.
 */
export function withdrawFindings(store: Store, drop: (f: Finding) => boolean): number {
  const m = store.model;
  const kept = m.findings.filter((f) => !drop(f));
  const removed = m.findings.length - kept.length;
  if (removed === 0) return 0;
  for (const f of m.findings) if (drop(f)) m.counts[f.severity]--;
  m.findings = kept;
  m.version++;
  return removed;
}
