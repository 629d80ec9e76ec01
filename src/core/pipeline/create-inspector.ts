// createInspector: the stateful facade (src/core/inspector.ts). It owns what is not model
// data — per-stream decoders and chunk expanders, and the rule engine — and folds what
// they produce into the pure model through the apply* transitions. Each public call is
// one edit (model/log.ts): the model versions made while it runs are provisional and only
// the one held when it returns is ever seen, so updates inside a call write in place.
import type { EventSourceMessage, StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { ExpandResult, ChunkExpander } from '../expand/types.js';
import type { Finding } from '../findings.js';
import type { FrameDecoder } from '../framing/types.js';
import type { Inspector, InspectorOptions } from '../inspector.js';
import { inEdit, sealEdit } from '../model/log.js';
import type { CapturedChunk, RunModel, SessionModel } from '../model/types.js';
import { applyEvent } from '../reduce/apply-event.js';
import { activeRun, applyFindings, emptySession, getRun, getStream, lastRun } from '../reduce/store.js';
import { applyChunk, applyRawEvent, applyRunCutOff, applyStreamEnd, applyStreamOpen } from '../reduce/stream-ops.js';
import type { RuleContext, RuleEngine } from '../rules/engine-types.js';
import { defaultDeps } from './default-deps.js';
import type { PipelineDeps } from './deps.js';
import { createFollowTracker } from './follow.js';
import { runChanges, runsSnapshot, type RunsSnapshot } from './run-watch.js';
import { internalFinding } from './safety.js';

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
}

export function createInspector(options: CreateInspectorOptions = {}): Inspector {
  const deps: PipelineDeps = { ...defaultDeps, ...options.deps };
  const engine: RuleEngine = deps.createRuleEngine();
  const streams = new Map<string, StreamState>();
  let model: SessionModel = options.initial ?? emptySession();
  const follow = createFollowTracker();

  const report = (findings: readonly Finding[]): void => {
    model = applyFindings(model, findings);
  };
  /** Runs one step; a throw becomes an internal finding instead of escaping. */
  const guard = <T>(streamId: string, where: string, t: number, events: readonly number[], fallback: T, fn: () => T): T => {
    try {
      return fn();
    } catch (error) {
      report([internalFinding(streamId, where, error, t, events)]);
      return fallback;
    }
  };
  // One literal per shape: conditional spreads here cost more than the rule they feed.
  const ctx = (streamId: string, runAfter?: RunModel): RuleContext => (runAfter ? { streamId, after: model, runAfter } : { streamId, after: model });
  const judge = (streamId: string, where: string, t: number, events: readonly number[], fn: () => Finding[]): void => {
    report(guard(streamId, where, t, events, [], fn));
  };

  const afterTransition = (streamId: string, before: RunsSnapshot, t: number): void => {
    const changes = runChanges(before, model, streamId);
    if (changes.ended.length === 0 && changes.created.length === 0) return;
    for (const { after: ra } of changes.ended) {
      const final = getRun(model, ra.key) ?? ra;
      judge(streamId, 'onRunEnd', t, [final.lastEvent], () => engine.onRunEnd(final, ctx(streamId, final)));
    }
    const pairs = follow.pairsFor(model, [...changes.created, ...changes.ended.map((e) => e.after)]);
    for (const [prev, next] of pairs) {
      judge(streamId, 'onRunFollowed', t, [next.firstEvent], () => engine.onRunFollowed(prev, next, ctx(streamId, next)));
    }
  };

  const processEvent = (streamId: string, event: ExpandedEvent): void => {
    const t = event.raw.t;
    if (event.type === 'RUN_STARTED' && activeRun(model, streamId)) {
      // The active run ends before the new one starts, so the rules judge it as it was.
      const beforeCut = runsSnapshot(model, streamId);
      guard(streamId, 'cutting off the active run', t, [event.raw.index], undefined, () => {
        model = applyRunCutOff(model, streamId, t);
      });
      afterTransition(streamId, beforeCut, t);
    }
    // Read before applying: inside an edit the model before is provisional.
    const before = runsSnapshot(model, streamId);
    try {
      model = applyEvent(model, event, { t });
    } catch (error) {
      // Inline rather than guard(): the "where" text is built only when something failed.
      report([internalFinding(streamId, `applying ${event.type || 'an event'}`, error, t, [event.raw.index])]);
      return;
    }
    const runAfter = lastRun(model, streamId);
    // Inline rather than judge(): no closure and no events array per event on the hot path.
    let found: Finding[];
    try {
      found = engine.onEvent(event, ctx(streamId, runAfter));
    } catch (error) {
      report([internalFinding(streamId, 'onEvent', error, t, [event.raw.index])]);
      found = [];
    }
    report(found);
    // The stream's last run was running before and still is: no run began or ended, so
    // skip comparing the stream's runs (the common case, saves four lookups per event).
    if (before.active !== undefined && runAfter?.status === 'running' && before.active.key === runAfter.key) return;
    afterTransition(streamId, before, t);
  };

  const processExpansion = (streamId: string, result: ExpandResult): void => {
    for (const issue of result.issues) {
      const run = activeRun(model, streamId);
      judge(streamId, 'onExpandIssue', issue.raw.t, [issue.raw.index], () => engine.onExpandIssue(issue, ctx(streamId, run)));
    }
    for (const event of result.events) processEvent(streamId, event);
  };

  const processRaw = (streamId: string, state: StreamState, raw: RawEvent): void => {
    const lineEnding = state.decoder?.lineEnding ?? getStream(model, streamId)?.lineEnding ?? 'none';
    // The steps below inline guard()/judge() (same "where", same events, same order):
    // this runs once per event and the closures and arrays they take showed in profiles.
    try {
      model = applyRawEvent(model, raw, lineEnding);
    } catch (error) {
      report([internalFinding(streamId, 'recording a raw event', error, raw.t, [raw.index])]);
      return;
    }
    const run = activeRun(model, streamId);
    let found: Finding[];
    try {
      found = engine.onRawEvent(raw, ctx(streamId, run));
    } catch (error) {
      report([internalFinding(streamId, 'onRawEvent', error, raw.t, [raw.index])]);
      found = [];
    }
    report(found);
    let expanded: ExpandResult;
    try {
      expanded = state.expander.expand(raw);
    } catch (error) {
      report([internalFinding(streamId, 'chunk expansion', error, raw.t, [raw.index])]);
      return;
    }
    processExpansion(streamId, expanded);
  };

  /** Records the captured piece, then decodes it; unknown or ended streams are ignored. */
  const take = (streamId: string, chunk: CapturedChunk, decode: (state: StreamState) => RawEvent[]): void => {
    const state = streams.get(streamId);
    if (!state || state.ended) return;
    inEdit(() => {
      guard(streamId, 'recording a chunk', chunk.t, [], undefined, () => {
        model = applyChunk(model, streamId, chunk);
      });
      const raws = guard(streamId, 'decoding', chunk.t, [], [], () => decode(state));
      for (const raw of raws) processRaw(streamId, state, raw);
    });
  };

  return {
    get model() {
      // Inside a batch, what is read here is seen outside: later calls must copy it.
      sealEdit();
      return model;
    },
    batch(fn: () => void) {
      inEdit(fn);
    },
    openStream(info: StreamOpenInfo) {
      if (streams.has(info.streamId) || getStream(model, info.streamId)) return;
      inEdit(() => guard(info.streamId, 'opening the stream', info.startedAt, [], undefined, () => {
        const decoder =
          info.encoding === 'sse' ? deps.createSseDecoder(info.streamId) : info.encoding === 'proto' ? deps.createProtoDecoder(info.streamId) : undefined;
        streams.set(info.streamId, { ...(decoder ? { decoder } : {}), expander: deps.createChunkExpander(), index: 0, ended: false });
        model = applyStreamOpen(model, info);
      }));
    },
    appendBytes(streamId: string, bytes: Uint8Array, t: number) {
      take(streamId, { t, kind: 'bytes', data: bytes }, (s) => (s.decoder ? s.decoder.push(bytes, t) : []));
    },
    appendMessage(streamId: string, message: EventSourceMessage, t: number) {
      take(streamId, { t, kind: 'message', message }, (s) => [deps.decodeEventSourceMessage(streamId, s.index++, message, t)]);
    },
    appendEvent(streamId: string, event: unknown, t: number) {
      take(streamId, { t, kind: 'event', event }, (s) => [deps.decodeImportedEvent(streamId, s.index++, event, t)]);
    },
    endStream(streamId: string, end: StreamEndInfo) {
      const state = streams.get(streamId);
      if (!state || state.ended) return;
      state.ended = true;
      inEdit(() => finishStream(streamId, state, end));
    },
  };

  function finishStream(streamId: string, state: StreamState, end: StreamEndInfo): void {
    const raws = guard(streamId, 'decoding the end', end.t, [], [], () => state.decoder?.end(end.t) ?? []);
    for (const raw of raws) processRaw(streamId, state, raw);
    const rest = guard(streamId, 'finishing expansion', end.t, [], undefined, () => state.expander.finish());
    if (rest) processExpansion(streamId, rest);
    const before = runsSnapshot(model, streamId);
    const cut = before.active;
    guard(streamId, 'ending the stream', end.t, [], undefined, () => {
      model = applyStreamEnd(model, streamId, end);
    });
    const stream = getStream(model, streamId);
    const runAfter = cut ? getRun(model, cut.key) : undefined;
    if (stream) judge(streamId, 'onStreamEnd', end.t, [], () => engine.onStreamEnd(stream, ctx(streamId, runAfter)));
    afterTransition(streamId, before, end.t);
  }
}
