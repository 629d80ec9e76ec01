// What a run's own events say about it beyond the timeline, for the run detail: token usage
// (RUN_FINISHED / RUN_ERROR), metadata merged per message and per tool call (last write wins
// per key, as the client merges it), encrypted values with their declared type, and the
// interrupts the run asked with how the next request on the thread answered them.
import type { RawEvent } from '../../core/events/types.js';
import type { RunModel, SessionModel, StreamModel } from '../../core/model/types.js';
import { matchResume, pendingInterrupts, type InterruptAnswer } from '../core-deps.js';

type Rec = Readonly<Record<string, unknown>>;

export interface MetadataEntry {
  readonly kind: 'message' | 'tool call';
  readonly id: string;
  readonly metadata: Rec;
}

export interface EncryptedEntry {
  readonly event: number;
  readonly subtype: string;
  readonly entityId: string;
  /** undefined when the event does not say what the value is. */
  readonly valueType?: string;
}

export interface InterruptFacts {
  readonly interrupts: readonly InterruptAnswer[];
  /** The next run on the thread, when its request was captured. */
  readonly next?: RunModel;
  readonly unknown: readonly string[];
  readonly duplicated: readonly string[];
}

export interface RunFacts {
  /** The terminal event's `usage` list as sent (undefined when absent). */
  readonly usage?: readonly unknown[];
  readonly metadata: readonly MetadataEntry[];
  readonly encrypted: readonly EncryptedEntry[];
  readonly interrupts?: InterruptFacts;
}

const rec = (v: unknown): Rec | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : undefined;
const text = (p: Rec, key: string): string | undefined => (typeof p[key] === 'string' ? (p[key] as string) : undefined);

/** The run that followed this one on its thread, if any. */
export function nextRunOnThread(model: SessionModel, run: RunModel, find: (key: string) => RunModel | undefined) {
  const thread = model.threads.find((t) => t.threadId === run.threadId);
  const keys = thread?.runKeys ?? [];
  const at = keys.indexOf(run.key);
  const key = at >= 0 ? keys[at + 1] : undefined;
  return key === undefined ? undefined : find(key);
}

export type EventFacts = Omit<RunFacts, 'interrupts'>;

/** What the run's own wire events say (one pass over them: memoize per run version). */
export function runEventFacts(run: RunModel, stream: StreamModel | undefined): EventFacts {
  const byEntity = new Map<string, MetadataEntry>();
  const encrypted: EncryptedEntry[] = [];
  let usage: readonly unknown[] | undefined;
  const events = stream?.rawEvents;
  const last = events ? Math.min(run.lastEvent, events.length - 1) : -1;
  for (let i = run.firstEvent; events && i <= last; i++) {
    const raw: RawEvent | undefined = events.at(i);
    const p = rec(raw?.payload);
    if (!raw || !p) continue;
    if ((raw.type === 'RUN_FINISHED' || raw.type === 'RUN_ERROR') && Array.isArray(p['usage'])) usage = p['usage'];
    if (raw.type === 'REASONING_ENCRYPTED_VALUE') {
      encrypted.push({
        event: raw.index,
        subtype: text(p, 'subtype') ?? '?',
        entityId: text(p, 'entityId') ?? '?',
        valueType: text(p, 'encryptedValueType'),
      });
    }
    const metadata = rec(p['metadata']);
    if (!metadata) continue;
    const callId = text(p, 'toolCallId');
    const messageId = text(p, 'messageId');
    const kind = callId !== undefined ? 'tool call' : messageId !== undefined ? 'message' : undefined;
    const id = callId ?? messageId;
    if (kind === undefined || id === undefined) continue;
    const key = `${kind}:${id}`;
    const before = byEntity.get(key)?.metadata;
    byEntity.set(key, { kind, id, metadata: { ...before, ...metadata } });
  }
  return { usage, metadata: [...byEntity.values()], encrypted };
}

/** The interrupts the run asked and how the next request on its thread answered them (cheap). */
export function interruptFacts(
  model: SessionModel,
  run: RunModel,
  find: (key: string) => RunModel | undefined,
): InterruptFacts | undefined {
  const asked = pendingInterrupts(run);
  if (asked.length === 0) return undefined;
  const next = nextRunOnThread(model, run, find);
  const match = next?.input ? matchResume(asked, next.input.raw) : undefined;
  return match
    ? { interrupts: match.interrupts, next, unknown: match.unknown, duplicated: match.duplicated }
    : { interrupts: asked.map((i) => ({ ...i, entries: 0 })), next, unknown: [], duplicated: [] };
}

/** "answered (resolved) in run r2", "not answered by run r2", "awaiting an answer". */
export function interruptStatus(i: InterruptAnswer, next: RunModel | undefined): string {
  if (next?.input === undefined) return 'awaiting an answer';
  if (i.status === undefined) return `not answered by run ${next.runId}`;
  const twice = i.entries > 1 ? `, ${i.entries} entries` : '';
  return `${i.status === 'cancelled' ? 'cancelled' : `answered (${i.status || 'no status'})`} in run ${next.runId}${twice}`;
}
