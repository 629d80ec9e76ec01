// What a stream weighs: per run, bytes by event type and by kind, the request body that
// started it, and each STATE_SNAPSHOT's size beside how much of it changed since the state
// before it; per thread, how the request body grows run after run (the history a client
// resends each turn). Sizes are wire bytes (each event's span in its stream); an event with
// no span of its own (a JSON or JSONL file of events) counts its payload's UTF-8 JSON.
import fastJsonPatch from 'fast-json-patch';
import type { RunModel, SessionModel, StreamModel } from '../model/types.js';
import { getStream } from '../reduce/lookup.js';
import { utf8Length } from './utf8-length.js';

const { compare } = fastJsonPatch;

export type PayloadKind =
  | 'text'
  | 'toolArguments'
  | 'toolResults'
  | 'stateSnapshots'
  | 'deltas'
  | 'messageSnapshots'
  | 'activities'
  | 'lifecycle'
  | 'other'
  | 'unknown';

export const PAYLOAD_KINDS: readonly PayloadKind[] = [
  'text',
  'toolArguments',
  'toolResults',
  'stateSnapshots',
  'deltas',
  'messageSnapshots',
  'activities',
  'lifecycle',
  'other',
  'unknown',
];

const KIND_OF: Readonly<Record<string, PayloadKind>> = {
  TEXT_MESSAGE_START: 'text',
  TEXT_MESSAGE_CONTENT: 'text',
  TEXT_MESSAGE_END: 'text',
  TEXT_MESSAGE_CHUNK: 'text',
  REASONING_START: 'text',
  REASONING_MESSAGE_START: 'text',
  REASONING_MESSAGE_CONTENT: 'text',
  REASONING_MESSAGE_END: 'text',
  REASONING_MESSAGE_CHUNK: 'text',
  REASONING_END: 'text',
  REASONING_ENCRYPTED_VALUE: 'text',
  TOOL_CALL_START: 'toolArguments',
  TOOL_CALL_ARGS: 'toolArguments',
  TOOL_CALL_END: 'toolArguments',
  TOOL_CALL_CHUNK: 'toolArguments',
  TOOL_CALL_RESULT: 'toolResults',
  STATE_SNAPSHOT: 'stateSnapshots',
  STATE_DELTA: 'deltas',
  MESSAGES_SNAPSHOT: 'messageSnapshots',
  ACTIVITY_SNAPSHOT: 'activities',
  ACTIVITY_DELTA: 'activities',
  RUN_STARTED: 'lifecycle',
  RUN_FINISHED: 'lifecycle',
  RUN_ERROR: 'lifecycle',
  STEP_STARTED: 'lifecycle',
  STEP_FINISHED: 'lifecycle',
  SUBAGENT_STARTED: 'lifecycle',
  SUBAGENT_FINISHED: 'lifecycle',
  SUBAGENT_ERROR: 'lifecycle',
  CUSTOM: 'other',
  RAW: 'other',
};

/** The kind an event type's bytes count under ('unknown' for a type AG-UI does not define). */
export function payloadKind(type: string): PayloadKind {
  return KIND_OF[type] ?? 'unknown';
}

export interface SnapshotWeight {
  /** Wire index of the STATE_SNAPSHOT. */
  readonly event: number;
  readonly bytes: number;
  /** Bytes of the JSON Patch from the state before it (the run input's, or the last snapshot). */
  readonly changedBytes?: number;
}

export interface RunWeight {
  readonly runKey: string;
  readonly runId: string;
  readonly threadId: string;
  readonly events: number;
  readonly bytes: number;
  readonly requestBytes: number;
  readonly byType: Readonly<Record<string, number>>;
  readonly byKind: Readonly<Record<PayloadKind, number>>;
  readonly snapshots: readonly SnapshotWeight[];
}

export interface ThreadWeight {
  readonly threadId: string;
  /** The thread's runs in request order. */
  readonly runKeys: readonly string[];
  readonly bytes: number;
  readonly byKind: Readonly<Record<PayloadKind, number>>;
  readonly requestBytes: number;
  /** Request body size per run, in thread order (as runKeys). */
  readonly requests: readonly number[];
  /** Growth of the request body per turn: runs 2…n's request minus the one before (the history resent). */
  readonly requestGrowth: readonly number[];
  /** Largest growth of the request body from one run to the next. */
  readonly maxRequestGrowth: number;
}

export interface PayloadBudget {
  readonly bytes: number;
  readonly byKind: Readonly<Record<PayloadKind, number>>;
  readonly runs: readonly RunWeight[];
  readonly threads: readonly ThreadWeight[];
}

const zeroKinds = (): Record<PayloadKind, number> =>
  Object.fromEntries(PAYLOAD_KINDS.map((k) => [k, 0])) as Record<PayloadKind, number>;

function jsonBytes(value: unknown): number {
  try {
    return utf8Length(JSON.stringify(value) ?? '');
  } catch {
    return 0;
  }
}

function isContainer(v: unknown): v is object {
  return typeof v === 'object' && v !== null;
}

/** Bytes of the patch that turns `before` into `after` (the whole `after` when either is no object). */
function changedBytes(before: unknown, after: unknown): number {
  if (!isContainer(before) || !isContainer(after) || Array.isArray(before) !== Array.isArray(after))
    return jsonBytes(after);
  return jsonBytes(compare(before, after));
}

function inputState(run: RunModel): unknown {
  const raw = run.input?.raw;
  return isContainer(raw) && 'state' in raw ? (raw as { state: unknown }).state : undefined;
}

/** One run's weight (reads each of its events once). */
export function runWeight(run: RunModel, stream: StreamModel | undefined): RunWeight {
  const byType: Record<string, number> = {};
  const byKind = zeroKinds();
  const snapshots: SnapshotWeight[] = [];
  let bytes = 0;
  let events = 0;
  let state = inputState(run);
  const last = Math.min(run.lastEvent, (stream?.rawEvents.length ?? 0) - 1);
  for (let i = run.firstEvent; stream && i <= last; i++) {
    const e = stream.rawEvents.at(i);
    if (!e) continue;
    const size = e.span.end > e.span.start ? e.span.end - e.span.start : jsonBytes(e.payload);
    const type = e.type === '' ? '(no type)' : e.type;
    byType[type] = (byType[type] ?? 0) + size;
    byKind[e.type === '' ? 'unknown' : payloadKind(e.type)] += size;
    bytes += size;
    events++;
    if (e.type === 'STATE_SNAPSHOT' && isContainer(e.payload)) {
      const next = (e.payload as { snapshot?: unknown }).snapshot;
      snapshots.push({
        event: e.index,
        bytes: jsonBytes(next),
        ...(state !== undefined ? { changedBytes: changedBytes(state, next) } : {}),
      });
      state = next;
    }
  }
  const body = stream?.info.requestBody;
  return {
    runKey: run.key,
    runId: run.runId,
    threadId: run.threadId,
    events,
    bytes,
    requestBytes: typeof body === 'string' && run.ordinal === 0 ? utf8Length(body) : 0,
    byType,
    byKind,
    snapshots,
  };
}

/** A thread's weight from its runs' weights, given in request order. */
export function threadWeight(threadId: string, runs: readonly RunWeight[]): ThreadWeight {
  const byKind = zeroKinds();
  for (const w of runs) for (const k of PAYLOAD_KINDS) byKind[k] += w.byKind[k];
  const requests = runs.map((w) => w.requestBytes);
  const requestGrowth = requests.slice(1).map((b, i) => b - (requests[i] ?? 0));
  return {
    threadId,
    runKeys: runs.map((w) => w.runKey),
    bytes: runs.reduce((n, w) => n + w.bytes, 0),
    byKind,
    requestBytes: requests.reduce((n, b) => n + b, 0),
    requests,
    requestGrowth,
    maxRequestGrowth: Math.max(0, ...requestGrowth),
  };
}

export interface RankedSnapshot extends SnapshotWeight {
  readonly runKey: string;
}

/** The `count` largest STATE_SNAPSHOTs of these runs, largest first (ties in stream order). */
export function largestSnapshots(runs: readonly RunWeight[], count: number): RankedSnapshot[] {
  const all = runs.flatMap((w) => w.snapshots.map((s): RankedSnapshot => ({ ...s, runKey: w.runKey })));
  return all.sort((a, b) => b.bytes - a.bytes).slice(0, count);
}

/** The weight of every run and thread of a session (reads each event once). */
export function payloadBudget(model: SessionModel): PayloadBudget {
  const runs = model.runs.map((r) => runWeight(r, getStream(model, r.streamId)));
  const byRun = new Map(runs.map((w) => [w.runKey, w]));
  const byKind = zeroKinds();
  for (const w of runs) for (const k of PAYLOAD_KINDS) byKind[k] += w.byKind[k];
  const threads = model.threads.map((t) =>
    threadWeight(
      t.threadId,
      t.runKeys.map((k) => byRun.get(k)).filter((w): w is RunWeight => w !== undefined),
    ),
  );
  return { bytes: runs.reduce((n, w) => n + w.bytes, 0), byKind, runs, threads };
}
