// createInspector: the stateful facade (src/core/inspector.ts). It owns the store (the
// model, changed in place) and what is not model data — per-stream decoders and chunk
// expanders, and the rule engine — and folds what they produce into the store (the steps
// are in ingest.ts).
//
// The state is one object literal and the code is module-level functions taking it, not
// closures made per inspector: rule 1 of docs/performance.md, "The core's performance rules".
import type { EventSourceMessage, StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { Inspector, InspectorOptions } from '../inspector.js';
import { evictOldest, type StreamMeasure } from '../reduce/evict.js';
import { createStore } from '../reduce/store.js';
import { streamEntry } from '../reduce/lookup.js';
import { applyStreamOpen } from '../reduce/stream-ops.js';
import { createRetention } from '../reduce/retention.js';
import { defaultDeps } from './default-deps.js';
import type { PipelineDeps } from './deps.js';
import { createFollowTracker } from './follow.js';
import { finishStream, guard, take, tickStreams, type Core, type StreamState } from './ingest.js';
import { DEFAULT_TIMING_LIMITS, type TimingLimits } from '../catalogue/timing.js';
import { newTimingState } from '../timing/watch.js';
import { buildShapeExemplar } from './shape-exemplar.js';

export interface CreateInspectorOptions extends InspectorOptions {
  /** Replace parts (decoders, expander, rule engine), e.g. with fakes in tests. */
  readonly deps?: Partial<PipelineDeps>;
}

/** The facade: the model, the state, and the Inspector methods (module-level, called on it). */
interface Facade extends Inspector {
  readonly core: Core;
  /**
   * The shape exemplar every inspector holds, built once as this module loads and never
   * read or changed (undefined in the exemplar itself). Holding it here is what keeps it
   * alive: a bundler drops a module constant nothing reads. See shape-exemplar.ts.
   */
  readonly shapes: Inspector | undefined;
}

function openStream(this: Facade, info: StreamOpenInfo): void {
  const s = this.core;
  if (s.streams.has(info.streamId) || s.store.streams.has(info.streamId)) return;
  guard(s, info.streamId, 'opening the stream', info.startedAt, [], undefined, () => {
    const decoder =
      info.encoding === 'sse'
        ? s.deps.createSseDecoder(info.streamId)
        : info.encoding === 'proto'
          ? s.deps.createProtoDecoder(info.streamId)
          : undefined;
    const state: StreamState = {
      decoder,
      expander: s.deps.createChunkExpander(),
      index: 0,
      ended: false,
      entry: undefined,
      timing: newTimingState(info.startedAt, info.transport !== 'import'),
      dropsReported: 0,
    };
    s.streams.set(info.streamId, state);
    applyStreamOpen(s.store, info);
    state.entry = streamEntry(s.store, info.streamId);
    s.retention?.opened(info.streamId);
  });
}

function appendBytes(this: Facade, streamId: string, bytes: Uint8Array, t: number): void {
  take(this.core, streamId, { t, kind: 'bytes', data: bytes });
}

function appendMessage(this: Facade, streamId: string, message: EventSourceMessage, t: number): void {
  take(this.core, streamId, { t, kind: 'message', message });
}

function appendEvent(this: Facade, streamId: string, event: unknown, t: number): void {
  take(this.core, streamId, { t, kind: 'event', event });
}

function evictOldestRuns(this: Facade, bytes: number, measure?: StreamMeasure): { runs: number; bytes: number } {
  const s = this.core;
  const evicted = evictOldest(s.store, bytes, measure);
  for (const id of evicted.streamIds) {
    s.streams.delete(id);
    s.contexts.delete(id);
  }
  s.lastContext = undefined;
  return { runs: evicted.runs, bytes: evicted.bytes };
}

function endStream(this: Facade, streamId: string, end: StreamEndInfo): void {
  const s = this.core;
  const state = s.streams.get(streamId);
  if (!state || state.ended) return;
  state.ended = true;
  finishStream(s, streamId, state, end);
}

function tick(this: Facade, now: number): void {
  tickStreams(this.core, now);
}

function setTimingLimits(this: Facade, limits: Partial<TimingLimits>): void {
  this.core.limits = { ...this.core.limits, ...limits };
}

export function createInspector(options: CreateInspectorOptions = {}): Inspector {
  return buildInspector(options, SHAPE_EXEMPLAR);
}

function buildInspector(options: CreateInspectorOptions, shapes: Inspector | undefined): Inspector {
  const deps: PipelineDeps = { ...defaultDeps, ...options.deps };
  const store = createStore();
  const core: Core = {
    deps,
    engine: deps.createRuleEngine(
      options.a2uiCatalogue !== undefined ? { a2uiCatalogue: options.a2uiCatalogue } : undefined,
    ),
    streams: new Map(),
    store,
    model: store.model,
    follow: createFollowTracker(),
    keepBytes: options.keepCapturedBytes !== false,
    retention: options.retain === 'findings' ? createRetention(store) : undefined,
    contexts: new Map(),
    lastContext: undefined,
    limits: { ...DEFAULT_TIMING_LIMITS, ...options.timing },
  };
  const facade: Facade = {
    model: store.model,
    core,
    shapes,
    openStream,
    appendBytes,
    appendMessage,
    appendEvent,
    evictOldestRuns,
    endStream,
    tick,
    setTimingLimits,
  };
  return facade;
}

// A constant, not state any session shares: it keeps a session's object shapes alive for
// the life of the process, which kept full analysis at 1.6x the reference client where,
// without it, rounds after a collection fell to ~0.9x (npm run bench; shape-exemplar.ts).
const SHAPE_EXEMPLAR: Inspector = buildShapeExemplar(() => buildInspector({}, undefined));
