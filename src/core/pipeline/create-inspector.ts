// createInspector: the stateful facade (src/core/inspector.ts). It owns the store (the
// model, changed in place) and what is not model data — per-stream decoders and chunk
// expanders, and the rule engine — and folds what they produce into the store.
import type { EventSourceMessage, StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { ExpandResult, ChunkExpander } from '../expand/types.js';
import type { Finding } from '../findings.js';
import type { FrameDecoder } from '../framing/types.js';
import type { Inspector, InspectorOptions } from '../inspector.js';
import type { CapturedChunk, RunModel } from '../model/types.js';
import { applyEvent } from '../reduce/apply-event.js';
import { evictOldest, type StreamMeasure } from '../reduce/evict.js';
import {
  activeEntry,
  addFindings,
  createStore,
  withdrawFindings,
  type Store,
  type StreamEntry,
} from '../reduce/store.js';
import { applyChunk, applyRawEvent, applyRunCutOff, applyStreamEnd, applyStreamOpen } from '../reduce/stream-ops.js';
import type { RuleContext, RuleEngine } from '../rules/engine-types.js';
import { defaultDeps } from './default-deps.js';
import type { PipelineDeps } from './deps.js';
import { createFollowTracker } from './follow.js';
import { runChanges, runsSnapshot, type RunsSnapshot } from './run-watch.js';
import { forgetLastChunkData } from './forget-bytes.js';
import { createRetention } from '../reduce/retention.js';
import { internalFinding } from './safety.js';
import { storeLookups, type StoreLookups } from './store-lookups.js';

export interface CreateInspectorOptions extends InspectorOptions {
  /** Replace parts (decoders, expander, rule engine), e.g. with fakes in tests. */
  readonly deps?: Partial<PipelineDeps>;
}

interface StreamState {
  readonly decoder?: FrameDecoder;
  readonly expander: ChunkExpander;
  /** Next wire index for streams whose messages arrive already framed. */
  index: number;
  ended: boolean;
  /** The stream's store entry, held so the per-event path does not look it up. */
  entry?: StreamEntry;
}

export function createInspector(options: CreateInspectorOptions = {}): Inspector {
  const deps: PipelineDeps = { ...defaultDeps, ...options.deps };
  const engine: RuleEngine = deps.createRuleEngine();
  const streams = new Map<string, StreamState>();
  const store: Store = createStore();
  const model = store.model;
  const follow = createFollowTracker();
  const keepBytes = options.keepCapturedBytes !== false;
  const retention = options.retain === 'findings' ? createRetention(store) : undefined;

  const report = (findings: readonly Finding[]): void => {
    if (findings.length > 0) addFindings(store, findings);
  };
  const withdraw = (drop: (f: Finding) => boolean): void => {
    withdrawFindings(store, drop);
  };
  /** Runs one step; a throw becomes an internal finding instead of escaping. */
  const guard = <T>(
    streamId: string,
    where: string,
    t: number,
    events: readonly number[],
    fallback: T,
    fn: () => T,
  ): T => {
    try {
      return fn();
    } catch (error) {
      report([internalFinding(streamId, where, error, t, events)]);
      return fallback;
    }
  };
  // One context per stream, its run filled in per call: the engine reads it during the
  // call only, and a fresh object per event showed in profiles.
  const lookups = storeLookups(store);
  const contexts = new Map<
    string,
    { streamId: string; after: typeof model; runAfter: RunModel | undefined; withdraw: typeof withdraw } & StoreLookups
  >();
  const ctx = (streamId: string, runAfter?: RunModel): RuleContext => {
    let c = contexts.get(streamId);
    if (c === undefined)
      contexts.set(
        streamId,
        (c = { streamId, after: model, runAfter, withdraw, run: lookups.run, call: lookups.call }),
      );
    // Assigned, never deleted: a delete would turn the context into a dictionary object,
    // and every rule reads it on every event.
    else c.runAfter = runAfter;
    return c;
  };
  const judge = (streamId: string, where: string, t: number, events: readonly number[], fn: () => Finding[]): void => {
    report(guard(streamId, where, t, events, [], fn));
  };

  const afterTransition = (streamId: string, before: RunsSnapshot, t: number): void => {
    const changes = runChanges(before, store, streamId);
    if (changes.ended.length === 0 && changes.created.length === 0) return;
    for (const run of changes.ended) {
      judge(streamId, 'onRunEnd', t, [run.lastEvent], () => engine.onRunEnd(run, ctx(streamId, run)));
    }
    const pairs = follow.pairsFor(model, [...changes.created, ...changes.ended]);
    for (const [prev, next] of pairs) {
      judge(streamId, 'onRunFollowed', t, [next.firstEvent], () =>
        engine.onRunFollowed(prev, next, ctx(streamId, next)),
      );
    }
    if (retention) guard(streamId, 'compacting runs', t, [], undefined, () => retention.runsChanged(streamId));
  };

  const processEvent = (
    streamId: string,
    event: ExpandedEvent,
    se: StreamEntry | undefined = store.streams.get(streamId),
  ): void => {
    const t = event.raw.t;
    if (event.type === 'RUN_STARTED' && activeEntry(store, streamId)) {
      // The active run ends before the new one starts, so the rules judge it as it was.
      const beforeCut = runsSnapshot(store, streamId);
      guard(streamId, 'cutting off the active run', t, [event.raw.index], undefined, () =>
        applyRunCutOff(store, streamId, t),
      );
      afterTransition(streamId, beforeCut, t);
    }
    const last = se?.last?.run;
    const active = last?.status === 'running' ? last : undefined;
    const count = se?.stream.runKeys.length ?? 0;
    try {
      applyEvent(store, event, t, se);
    } catch (error) {
      report([internalFinding(streamId, `applying ${event.type || 'an event'}`, error, t, [event.raw.index])]);
      return;
    }
    const runAfter = se?.last?.run;
    let found: Finding[];
    try {
      found = engine.onEvent(event, ctx(streamId, runAfter));
    } catch (error) {
      report([internalFinding(streamId, 'onEvent', error, t, [event.raw.index])]);
      found = [];
    }
    report(found);
    // The stream's run was running before and still is: no run began or ended.
    if (active !== undefined && runAfter === active && runAfter.status === 'running') return;
    afterTransition(streamId, { count, active }, t);
  };

  const processExpansion = (streamId: string, result: ExpandResult): void => {
    for (const issue of result.issues) {
      const run = activeEntry(store, streamId)?.run;
      judge(streamId, 'onExpandIssue', issue.raw.t, [issue.raw.index], () =>
        engine.onExpandIssue(issue, ctx(streamId, run)),
      );
    }
    for (const event of result.events) processEvent(streamId, event);
  };

  const processRaw = (streamId: string, state: StreamState, raw: RawEvent): void => {
    const se = state.entry;
    const lineEnding = state.decoder?.lineEnding ?? se?.stream.lineEnding ?? 'none';
    try {
      applyRawEvent(store, raw, lineEnding, se);
    } catch (error) {
      report([internalFinding(streamId, 'recording a raw event', error, raw.t, [raw.index])]);
      return;
    }
    const last = se?.last;
    const run = last?.run.status === 'running' ? last.run : undefined;
    let found: Finding[];
    try {
      found = engine.onRawEvent(raw, ctx(streamId, run));
    } catch (error) {
      report([internalFinding(streamId, 'onRawEvent', error, raw.t, [raw.index])]);
      found = [];
    }
    report(found);
    let expanded: ExpandResult | undefined;
    try {
      // Nearly every event: explicit, with no chunk stream open. It goes on as it came.
      if (state.expander.passesThrough?.(raw) !== true) expanded = state.expander.expand(raw);
    } catch (error) {
      report([internalFinding(streamId, 'chunk expansion', error, raw.t, [raw.index])]);
      return;
    }
    if (expanded === undefined)
      processEvent(streamId, { type: raw.type, payload: raw.payload as ExpandedEvent['payload'], raw }, se);
    else processExpansion(streamId, expanded);
  };

  /** Records the captured piece, then decodes it; unknown or ended streams are ignored. */
  /** The wire events a captured piece completes (no closure per piece: live capture sends one per event). */
  const decodePiece = (streamId: string, state: StreamState, chunk: CapturedChunk): RawEvent[] => {
    switch (chunk.kind) {
      case 'bytes':
        return state.decoder ? state.decoder.push(chunk.data, chunk.t) : [];
      case 'message':
        return [deps.decodeEventSourceMessage(streamId, state.index++, chunk.message, chunk.t)];
      case 'event':
        return [deps.decodeImportedEvent(streamId, state.index++, chunk.event, chunk.t)];
    }
  };

  const take = (streamId: string, chunk: CapturedChunk): void => {
    const state = streams.get(streamId);
    if (!state || state.ended) return;
    // Inline try/catch rather than guard(): no closures per captured piece.
    try {
      applyChunk(store, streamId, chunk);
    } catch (error) {
      report([internalFinding(streamId, 'recording a chunk', error, chunk.t)]);
    }
    let raws: RawEvent[];
    try {
      raws = decodePiece(streamId, state, chunk);
    } catch (error) {
      report([internalFinding(streamId, 'decoding', error, chunk.t)]);
      return;
    }
    for (const raw of raws) processRaw(streamId, state, raw);
    // After the decoder and rules had the bytes: nothing later reads them for a verdict.
    if (!keepBytes) forgetLastChunkData(store, streamId);
  };

  function finishStream(streamId: string, state: StreamState, end: StreamEndInfo): void {
    // A capture we cut ourselves (a byte cap) ends mid-frame by our doing: its tail is not
    // the producer's, so it is dropped rather than decoded into protocol findings.
    const ours = end.reason === 'capture-truncated';
    const raws = ours ? [] : guard(streamId, 'decoding the end', end.t, [], [], () => state.decoder?.end(end.t) ?? []);
    for (const raw of raws) processRaw(streamId, state, raw);
    const rest = guard(streamId, 'finishing expansion', end.t, [], undefined, () => state.expander.finish());
    if (rest) processExpansion(streamId, rest);
    const before = runsSnapshot(store, streamId);
    guard(streamId, 'ending the stream', end.t, [], undefined, () => applyStreamEnd(store, streamId, end));
    const stream = store.streams.get(streamId)?.stream;
    const runAfter = before.active;
    if (stream) judge(streamId, 'onStreamEnd', end.t, [], () => engine.onStreamEnd(stream, ctx(streamId, runAfter)));
    afterTransition(streamId, before, end.t);
    if (retention) guard(streamId, 'compacting runs', end.t, [], undefined, () => retention.streamEnded(streamId));
  }

  return {
    get model() {
      return model;
    },
    openStream(info: StreamOpenInfo) {
      if (streams.has(info.streamId) || store.streams.has(info.streamId)) return;
      guard(info.streamId, 'opening the stream', info.startedAt, [], undefined, () => {
        const decoder =
          info.encoding === 'sse'
            ? deps.createSseDecoder(info.streamId)
            : info.encoding === 'proto'
              ? deps.createProtoDecoder(info.streamId)
              : undefined;
        streams.set(info.streamId, {
          ...(decoder ? { decoder } : {}),
          expander: deps.createChunkExpander(),
          index: 0,
          ended: false,
        });
        applyStreamOpen(store, info);
        const state = streams.get(info.streamId);
        if (state) state.entry = store.streams.get(info.streamId);
        retention?.opened(info.streamId);
      });
    },
    appendBytes(streamId: string, bytes: Uint8Array, t: number) {
      take(streamId, { t, kind: 'bytes', data: bytes });
    },
    appendMessage(streamId: string, message: EventSourceMessage, t: number) {
      take(streamId, { t, kind: 'message', message });
    },
    appendEvent(streamId: string, event: unknown, t: number) {
      take(streamId, { t, kind: 'event', event });
    },
    evictOldestRuns(bytes: number, measure?: StreamMeasure) {
      const evicted = evictOldest(store, bytes, measure);
      for (const id of evicted.streamIds) {
        streams.delete(id);
        contexts.delete(id);
      }
      return { runs: evicted.runs, bytes: evicted.bytes };
    },
    endStream(streamId: string, end: StreamEndInfo) {
      const state = streams.get(streamId);
      if (!state || state.ended) return;
      state.ended = true;
      finishStream(streamId, state, end);
    },
  };
}
