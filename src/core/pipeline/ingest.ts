// What happens to a captured piece: it is recorded, decoded into wire events, expanded,
// folded into the store and judged by the rules, a stream at a time. The state is one
// object literal (Core) and the steps are module-level functions taking it (rule 1 of
// docs/performance.md, "The core's performance rules").
import type { StreamEndInfo } from '../capture.js';
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { ExpandResult, ChunkExpander } from '../expand/types.js';
import type { Finding } from '../findings.js';
import type { FrameDecoder } from '../framing/types.js';
import type { CapturedChunk, RunModel, SessionModel } from '../model/types.js';
import { applyEvent } from '../reduce/apply-event.js';
import { addFindings, withdrawFindings, type Store, type StreamEntry } from '../reduce/store.js';
import { activeEntry, runEntry, storeCall, storeRun, storeStream, storeThread, streamEntry } from '../reduce/lookup.js';
import { applyChunk, applyRawEvent, applyRunCutOff, applyStreamEnd } from '../reduce/stream-ops.js';
import type { RuleContext, RuleEngine } from '../rules/engine-types.js';
import type { PipelineDeps } from './deps.js';
import type { FollowTracker } from './follow.js';
import { runChanges, runsSnapshot, type RunsSnapshot } from './run-watch.js';
import { forgetLastChunkData } from './forget-bytes.js';
import type { Retention } from '../reduce/retention.js';
import { internalFinding } from '../internal-finding.js';
import type { TimingLimits } from '../catalogue/timing.js';
import { DROPS_REPORTED_PER_STREAM, droppedFinding } from '../rules/sse-drops.js';
import type { DroppedSse } from '../framing/sse-drops.js';
import { bufferedRun, checkOpenStream, openAfterTerminal, stallOnArrival, type TimingState } from '../timing/watch.js';

export interface StreamState {
  readonly decoder: FrameDecoder | undefined;
  readonly expander: ChunkExpander;
  /** Next wire index for streams whose messages arrive already framed. */
  index: number;
  ended: boolean;
  /** The stream's store entry, held so the per-event path does not look it up. */
  entry: StreamEntry | undefined;
  /** What the timing rules need between pieces (src/core/timing/watch.ts). */
  readonly timing: TimingState;
  /** Findings made of what the client's SSE parser discarded (rules/sse-drops.ts). */
  dropsReported: number;
}

/** One stream's rule context: its run filled in per call (the engine reads it during the call only). */
interface StreamContext extends RuleContext {
  runAfter: RunModel | undefined;
  readonly store: Store;
}

export interface Core {
  readonly deps: PipelineDeps;
  readonly engine: RuleEngine;
  readonly streams: Map<string, StreamState>;
  readonly store: Store;
  readonly model: SessionModel;
  readonly follow: FollowTracker;
  readonly keepBytes: boolean;
  readonly retention: Retention | undefined;
  readonly contexts: Map<string, StreamContext>;
  /** The context ctx handed out last. */
  lastContext: StreamContext | undefined;
  /** Changed by Inspector.setTimingLimits while a session runs. */
  limits: TimingLimits;
}

function report(s: Core, findings: readonly Finding[]): void {
  if (findings.length > 0) addFindings(s.store, findings);
}

/** RuleContext.withdraw, called on the context (module-level: see the top of the file). */
function withdrawIn(this: StreamContext, drop: (f: Finding) => boolean): void {
  withdrawFindings(this.store, drop);
}

/** Runs one step; a throw becomes an internal finding instead of escaping. */
export function guard<T>(
  s: Core,
  streamId: string,
  where: string,
  t: number,
  events: readonly number[],
  fallback: T,
  fn: () => T,
): T {
  try {
    return fn();
  } catch (error) {
    report(s, [internalFinding(streamId, where, error, t, events)]);
    return fallback;
  }
}

// One context per stream, its run filled in per call: a fresh object per event showed in profiles.
function ctx(s: Core, streamId: string, runAfter?: RunModel): RuleContext {
  // Nearly every call names the stream the last one did: no Map lookup then.
  const last = s.lastContext;
  let c = last !== undefined && last.streamId === streamId ? last : s.contexts.get(streamId);
  if (c === undefined) {
    const store = s.store;
    c = {
      streamId,
      after: s.model,
      runAfter,
      store,
      withdraw: withdrawIn,
      stream: storeStream,
      run: storeRun,
      call: storeCall,
      thread: storeThread,
    };
    s.contexts.set(streamId, c);
  }
  // Assigned, never deleted: a delete would turn the context into a dictionary object,
  // and every rule reads it on every event.
  else c.runAfter = runAfter;
  s.lastContext = c;
  return c;
}

function judge(
  s: Core,
  streamId: string,
  where: string,
  t: number,
  events: readonly number[],
  fn: () => Finding[],
): void {
  report(s, guard(s, streamId, where, t, events, [], fn));
}

function afterTransition(s: Core, streamId: string, before: RunsSnapshot, t: number): void {
  const changes = runChanges(before, s.store, streamId);
  if (changes.ended.length === 0 && changes.created.length === 0) return;
  const engine = s.engine;
  for (const run of changes.ended) {
    judge(s, streamId, 'onRunEnd', t, [run.lastEvent], () => engine.onRunEnd(run, ctx(s, streamId, run)));
    judge(s, streamId, 'timing', t, [run.lastEvent], () => bufferedOf(s, streamId, run));
  }
  const pairs = s.follow.pairsFor(s.model, [...changes.created, ...changes.ended]);
  for (const [prev, next] of pairs) {
    judge(s, streamId, 'onRunFollowed', t, [next.firstEvent], () =>
      engine.onRunFollowed(prev, next, ctx(s, streamId, next)),
    );
  }
  const retention = s.retention;
  if (retention) guard(s, streamId, 'compacting runs', t, [], undefined, () => retention.runsChanged(streamId));
}

/** The run judged for buffered delivery, beside the stream's run before it. */
function bufferedOf(s: Core, streamId: string, run: RunModel): Finding[] {
  const se = streamEntry(s.store, streamId);
  if (se === undefined) return [];
  const keys = se.stream.runKeys;
  const at = keys.indexOf(run.key);
  const previous = at > 0 ? runEntry(s.store, keys[at - 1] as string)?.run : undefined;
  const found = bufferedRun(se.stream, run, previous, s.limits);
  return found === undefined ? [] : [found];
}

/** Events arrived: a stall if the run was open through the silence before them. */
function noteArrival(s: Core, streamId: string, state: StreamState, raws: readonly RawEvent[]): void {
  const first = raws[0] as RawEvent;
  const last = raws[raws.length - 1] as RawEvent;
  const w = state.timing;
  if (first.t - w.lastEventT >= s.limits.stallMs) {
    const run = state.entry?.last?.run;
    const stall = stallOnArrival(w, streamId, run, first.index, first.t, s.limits);
    if (stall !== undefined) report(s, [stall]);
  }
  w.lastEventT = last.t;
  w.lastEventIndex = last.index;
}

/** Inspector.tick: the open streams judged at `now`. */
export function tickStreams(s: Core, now: number): void {
  for (const [streamId, state] of s.streams) {
    if (state.ended) continue;
    const run = state.entry?.last?.run;
    judge(s, streamId, 'timing', now, [], () => {
      const found = checkOpenStream(state.timing, streamId, run, now, s.limits);
      return found === undefined ? [] : [found];
    });
  }
}

function processEvent(
  s: Core,
  streamId: string,
  event: ExpandedEvent,
  se: StreamEntry | undefined = streamEntry(s.store, streamId),
): void {
  const store = s.store;
  const t = event.raw.t;
  if (event.type === 'RUN_STARTED' && activeEntry(store, streamId)) {
    // The active run ends before the new one starts, so the rules judge it as it was.
    const beforeCut = runsSnapshot(store, streamId);
    guard(s, streamId, 'cutting off the active run', t, [event.raw.index], undefined, () =>
      applyRunCutOff(store, streamId, t),
    );
    afterTransition(s, streamId, beforeCut, t);
  }
  const last = se?.last?.run;
  const active = last?.status === 'running' ? last : undefined;
  const count = se?.stream.runKeys.length ?? 0;
  try {
    applyEvent(store, event, t, se);
  } catch (error) {
    report(s, [internalFinding(streamId, `applying ${event.type || 'an event'}`, error, t, [event.raw.index])]);
    return;
  }
  const runAfter = se?.last?.run;
  let found: Finding[];
  try {
    found = s.engine.onEvent(event, ctx(s, streamId, runAfter));
  } catch (error) {
    report(s, [internalFinding(streamId, 'onEvent', error, t, [event.raw.index])]);
    found = [];
  }
  report(s, found);
  // The stream's run was running before and still is: no run began or ended.
  if (active !== undefined && runAfter === active && runAfter.status === 'running') return;
  afterTransition(s, streamId, { count, active }, t);
}

function processExpansion(s: Core, streamId: string, result: ExpandResult): void {
  for (const issue of result.issues) {
    const run = activeEntry(s.store, streamId)?.run;
    judge(s, streamId, 'onExpandIssue', issue.raw.t, [issue.raw.index], () =>
      s.engine.onExpandIssue(issue, ctx(s, streamId, run)),
    );
  }
  for (const event of result.events) processEvent(s, streamId, event);
}

function processRaw(s: Core, streamId: string, state: StreamState, raw: RawEvent): void {
  const se = state.entry;
  const lineEnding = state.decoder?.lineEnding ?? se?.stream.lineEnding ?? 'none';
  try {
    applyRawEvent(s.store, raw, lineEnding, se);
  } catch (error) {
    report(s, [internalFinding(streamId, 'recording a raw event', error, raw.t, [raw.index])]);
    return;
  }
  const last = se?.last;
  const run = last?.run.status === 'running' ? last.run : undefined;
  let found: Finding[];
  try {
    found = s.engine.onRawEvent(raw, ctx(s, streamId, run));
  } catch (error) {
    report(s, [internalFinding(streamId, 'onRawEvent', error, raw.t, [raw.index])]);
    found = [];
  }
  report(s, found);
  let expanded: ExpandResult | undefined;
  try {
    // Nearly every event: explicit, with no chunk stream open. It goes on as it came.
    if (state.expander.passesThrough?.(raw) !== true) expanded = state.expander.expand(raw);
  } catch (error) {
    report(s, [internalFinding(streamId, 'chunk expansion', error, raw.t, [raw.index])]);
    return;
  }
  if (expanded === undefined)
    processEvent(s, streamId, { type: raw.type, payload: raw.payload as ExpandedEvent['payload'], raw }, se);
  else processExpansion(s, streamId, expanded);
}

/** The wire events a captured piece completes. */
function decodePiece(s: Core, streamId: string, state: StreamState, chunk: CapturedChunk): RawEvent[] {
  switch (chunk.kind) {
    case 'bytes':
      return state.decoder ? state.decoder.push(chunk.data, chunk.t) : [];
    case 'message':
      return [s.deps.decodeEventSourceMessage(streamId, state.index++, chunk.message, chunk.t)];
    case 'event':
      return [s.deps.decodeImportedEvent(streamId, state.index++, chunk.event, chunk.t)];
  }
}

/**
 * A big piece (an imported file is one) reaches the decoder in slices of this many bytes,
 * each slice's events processed before the next is framed: its events then die young. Framed
 * whole, all of a 10 MB file's events were alive at once, and copying them through the young
 * generation was the largest single cost of an import in a fresh process (about a third of
 * it). The piece is still recorded whole, and the decoders give the same events for any
 * split (src/core/pipeline/chunking.property.test.ts).
 */
const DECODE_SLICE = 64 * 1024;

/** False when decoding failed (reported): the rest of the piece is not decoded either. */
function decodeAndProcess(s: Core, streamId: string, state: StreamState, chunk: CapturedChunk): boolean {
  let raws: RawEvent[];
  try {
    raws = decodePiece(s, streamId, state, chunk);
  } catch (error) {
    report(s, [internalFinding(streamId, 'decoding', error, chunk.t)]);
    return false;
  }
  if (raws.length > 0) noteArrival(s, streamId, state, raws);
  const drops = state.decoder?.takeDropped();
  if (drops === undefined || drops.length === 0) {
    for (const raw of raws) processRaw(s, streamId, state, raw);
    return true;
  }
  // Each drop is reported once the event before it was processed, so it belongs to the run
  // that event left, wherever the body was cut.
  let next = reportDrops(s, streamId, state, drops, 0, -1);
  for (const raw of raws) {
    processRaw(s, streamId, state, raw);
    next = reportDrops(s, streamId, state, drops, next, raw.index);
  }
  reportDrops(s, streamId, state, drops, next, Infinity);
  return true;
}

/**
 * Reports drops[from..] placed at or before event `upTo` (the SSE parser discarded them;
 * each a finding, up to a bound per stream) and returns the index of the first one left.
 */
function reportDrops(
  s: Core,
  streamId: string,
  state: StreamState,
  drops: readonly DroppedSse[],
  from: number,
  upTo: number,
): number {
  let i = from;
  for (; i < drops.length; i++) {
    const drop = drops[i] as DroppedSse;
    if (drop.afterEvent > upTo) break;
    if (state.dropsReported >= DROPS_REPORTED_PER_STREAM) continue;
    const last = ++state.dropsReported === DROPS_REPORTED_PER_STREAM;
    const run = state.entry?.last?.run;
    judge(s, streamId, 'sse drops', drop.t, [], () => [droppedFinding(drop, streamId, run, last)]);
  }
  return i;
}

/** Records the captured piece, then decodes it; unknown or ended streams are ignored. */
export function take(s: Core, streamId: string, chunk: CapturedChunk): void {
  const state = s.streams.get(streamId);
  if (!state || state.ended) return;
  // Inline try/catch rather than guard(): no closures per captured piece.
  try {
    applyChunk(s.store, streamId, chunk);
  } catch (error) {
    report(s, [internalFinding(streamId, 'recording a chunk', error, chunk.t)]);
  }
  if (chunk.kind === 'bytes' && chunk.data.length > DECODE_SLICE) {
    const data = chunk.data;
    for (let at = 0; at < data.length; at += DECODE_SLICE)
      if (
        !decodeAndProcess(s, streamId, state, { t: chunk.t, kind: 'bytes', data: data.subarray(at, at + DECODE_SLICE) })
      )
        break;
  } else decodeAndProcess(s, streamId, state, chunk);
  // After the decoder and rules had the bytes: nothing later reads them for a verdict.
  if (!s.keepBytes) forgetLastChunkData(s.store, streamId);
}

export function finishStream(s: Core, streamId: string, state: StreamState, end: StreamEndInfo): void {
  // A capture we cut ourselves (a byte cap) ends mid-frame by our doing: its tail is not
  // the producer's, so it is dropped rather than decoded into protocol findings.
  const ours = end.reason === 'capture-truncated';
  const raws = ours ? [] : guard(s, streamId, 'decoding the end', end.t, [], [], () => state.decoder?.end(end.t) ?? []);
  if (raws.length > 0) noteArrival(s, streamId, state, raws);
  const drops = state.decoder?.takeDropped() ?? [];
  let next = reportDrops(s, streamId, state, drops, 0, -1);
  for (const raw of raws) {
    processRaw(s, streamId, state, raw);
    next = reportDrops(s, streamId, state, drops, next, raw.index);
  }
  reportDrops(s, streamId, state, drops, next, Infinity);
  // A body that ended long after its run's terminal event (a capture we cut, or an import
  // that does not say how the body ended, tells nothing about when the server closed it).
  if (!ours && end.reason !== 'unknown') {
    const run = state.entry?.last?.run;
    judge(s, streamId, 'timing', end.t, [], () => {
      const found = openAfterTerminal(state.timing, streamId, run, end.t, true, s.limits);
      return found === undefined ? [] : [found];
    });
  }
  const rest = guard(s, streamId, 'finishing expansion', end.t, [], undefined, () => state.expander.finish());
  if (rest) processExpansion(s, streamId, rest);
  const store = s.store;
  const before = runsSnapshot(store, streamId);
  guard(s, streamId, 'ending the stream', end.t, [], undefined, () => applyStreamEnd(store, streamId, end));
  const stream = streamEntry(store, streamId)?.stream;
  const runAfter = before.active;
  if (stream)
    judge(s, streamId, 'onStreamEnd', end.t, [], () => s.engine.onStreamEnd(stream, ctx(s, streamId, runAfter)));
  afterTransition(s, streamId, before, end.t);
  const retention = s.retention;
  if (retention) guard(s, streamId, 'compacting runs', end.t, [], undefined, () => retention.streamEnded(streamId));
}
