// The agent state of one run, step by step: the RunAgentInput's state, then each
// STATE_SNAPSHOT (replaces it) and STATE_DELTA (a JSON Patch, RFC 6902, applied to it).
// Nothing is computed up front: the run's events are scanned once, incrementally, as far
// as they have arrived, and a step's state is replayed from the nearest snapshot or
// checkpoint only when asked for, so a 100k-event session costs what the user looks at.
import type { RunModel, StreamModel } from '../../core/model/types.js';
import { applyJsonPatch } from '../core-deps.js';

export interface StateStep {
  readonly kind: 'input' | 'snapshot' | 'delta';
  /** Wire index of the event (-1 for the input state). */
  readonly event: number;
  readonly t: number;
  /** The snapshot, or the delta as sent (untrusted: may be no patch at all). */
  readonly value: unknown;
}

export interface StateAt {
  readonly state: unknown;
  /** Why this step's patch did not apply (the client keeps the state it had). */
  readonly error?: string;
}

export interface StateHistory {
  /** Steps found so far (scans events that arrived since the last call). */
  steps(): readonly StateStep[];
  stateAt(step: number): StateAt | undefined;
}

/** Steps between cached states: bounds a replay to this many patches. */
const CHECKPOINT = 32;

export interface PatchOp {
  readonly op: string;
  readonly path: string;
  readonly from?: string;
  readonly value?: unknown;
  readonly hasValue: boolean;
}

/** A delta's operations as far as they look like operations (for display). */
export function patchOps(delta: unknown): readonly PatchOp[] {
  if (!Array.isArray(delta)) return [];
  return delta.map((o: unknown) => {
    const r = typeof o === 'object' && o !== null ? (o as Record<string, unknown>) : {};
    return {
      op: typeof r.op === 'string' ? r.op : '(no op)',
      path: typeof r.path === 'string' ? r.path : '(no path)',
      ...(typeof r.from === 'string' ? { from: r.from } : {}),
      ...('value' in r ? { value: r.value } : {}),
      hasValue: 'value' in r,
    };
  });
}

function apply(state: unknown, delta: unknown): StateAt {
  if (!Array.isArray(delta)) return { state, error: 'delta is not a JSON Patch array' };
  const r = applyJsonPatch(state, delta);
  return 'value' in r ? { state: r.value } : { state, error: r.error };
}

function inputState(run: RunModel): { has: boolean; value: unknown } {
  const raw = run.input?.raw;
  if (typeof raw === 'object' && raw !== null && 'state' in raw)
    return { has: true, value: (raw as { state: unknown }).state };
  return { has: false, value: undefined };
}

export function createStateHistory(run: RunModel, stream: StreamModel): StateHistory {
  const steps: StateStep[] = [];
  const cache = new Map<number, StateAt>();
  let scanned = run.firstEvent;
  const start = inputState(run);
  if (start.has) steps.push({ kind: 'input', event: -1, t: run.startedAt, value: start.value });

  const scan = (): void => {
    const last = Math.min(run.lastEvent, stream.rawEvents.length - 1);
    for (; scanned <= last; scanned++) {
      const e = stream.rawEvents.at(scanned);
      if (!e || (e.type !== 'STATE_SNAPSHOT' && e.type !== 'STATE_DELTA')) continue;
      const p = typeof e.payload === 'object' && e.payload !== null ? (e.payload as Record<string, unknown>) : {};
      steps.push(
        e.type === 'STATE_SNAPSHOT'
          ? { kind: 'snapshot', event: e.index, t: e.t, value: p.snapshot }
          : { kind: 'delta', event: e.index, t: e.t, value: p.delta },
      );
    }
  };

  const stateAt = (k: number): StateAt | undefined => {
    const step = steps[k];
    if (!step) return undefined;
    const hit = cache.get(k);
    if (hit) return hit;
    let from = k;
    while (from > 0 && steps[from]?.kind === 'delta' && !cache.has(from)) from--;
    let cur: StateAt;
    const base = steps[from];
    if (cache.has(from)) cur = cache.get(from) as StateAt;
    else if (base && base.kind !== 'delta') cur = { state: base.value };
    // Deltas before any snapshot start from no state, as a client with none would.
    else cur = apply(undefined, base?.value);
    cache.set(from, cur);
    for (let i = from + 1; i <= k; i++) {
      const s = steps[i];
      cur = s?.kind === 'delta' ? apply(cur.state, s.value) : { state: s?.value };
      if (i === k || i % CHECKPOINT === 0) cache.set(i, cur);
    }
    return cur;
  };

  return {
    steps() {
      scan();
      return steps;
    },
    stateAt,
  };
}

/** One history per run, kept while the run is in the session. */
export function createStateHistories(): (run: RunModel, stream: StreamModel) => StateHistory {
  const byRun = new WeakMap<RunModel, StateHistory>();
  return (run, stream) => {
    let h = byRun.get(run);
    if (!h) {
      h = createStateHistory(run, stream);
      byRun.set(run, h);
    }
    return h;
  };
}
