// The capture feed: RelayMessages in, an Inspector's model out. Messages are queued and
// applied in short slices from the next frame on, and published at most once a frame (and
// every intervalMs while a stream pours in), so a burst of thousands of chunks costs one
// render. The core changes its model in place; what the views get is a fresh session
// record over the same arrays, published when the model's version moved, so a view
// re-derives only after whole events and only what changed (records carry versions).
// Bytes arrive as text or base64 (ports carry JSON) and are decoded here because the core wants
// bytes. Replays can overlap live delivery, so (streamId, seq) de-duplicates: this is the
// panel's one de-duplicator. It also keeps the capture-health accounts: loss per hop,
// streams cut at a cap, the session cap, streams ended by navigation or tab close.
import { batch, signal } from '@preact/signals';
import { LIMITS, type RelayMessage, type StreamEndReason } from '../../bridge/messages.js';
import type { SessionModel } from '../../core/model/types.js';
import type { PanelCore } from '../core-deps.js';
import { createSeqDeduper } from '../../bridge/seq-deduper.js';
import type { FrameScheduler } from './scheduler.js';
import { formatBytes, INITIAL_HEALTH, type CaptureHealth, type CutStream } from './health.js';
import { createLossBook } from './capture-loss.js';
import { createSessionCap } from './session-cap.js';
import { createRetainedBook } from './retained-book.js';
import { feedInspector } from '../../bridge/feed-inspector.js';
import { chunkBytes } from '../../bridge/chunk-bytes.js';
import { nextPiece, PIECE_BYTES, type ChunkPieces } from './chunk-pieces.js';
import type { CaptureStore, PublishPolicy } from './capture-store-api.js';

export type { CaptureStore, PublishPolicy } from './capture-store-api.js';

/** The latest cut streams kept for the health text (the count covers the rest). */
const CUT_SHOWN = 3;

const EVERY_BATCH: PublishPolicy = { intervalMs: 0, now: () => 0 };

export function createCaptureStore(
  core: PanelCore,
  scheduler: FrameScheduler,
  mode: 'live' | 'offline',
  publish: PublishPolicy = EVERY_BATCH,
): CaptureStore {
  let inspector = core.createInspector();
  const snapshot = (m: SessionModel): SessionModel => ({ ...m, counts: { ...m.counts } });
  const model = signal<SessionModel>(snapshot(inspector.model));
  const health = signal<CaptureHealth>({ ...INITIAL_HEALTH, mode });
  const recording = signal(true);
  const coarseStreams = signal<ReadonlySet<string>>(new Set());
  const clock = signal(0);
  const dedupe = createSeqDeduper();
  /** Streams opened while paused: everything for them is dropped, even after resume. */
  const skipped = new Set<string>();
  /** Streams still open in the current inspector: url and start, to end them on navigation. */
  const open = new Map<string, { url: string; t: number }>();
  let latestStart = -Infinity;
  const losses = createLossBook();
  const cap = createSessionCap(INITIAL_HEALTH.session.capBytes, createRetainedBook());
  /** Arrival time of the latest message applied (when a stop at the cap happens). */
  let lastT = 0;
  let queue: RelayMessage[] = [];
  /** A big chunk part-way fed: the slices go on with it before the next message. */
  let pieces: ChunkPieces | undefined;
  let h: CaptureHealth = health.value;
  let lastPublish = -Infinity;

  const store: CaptureStore = {
    model,
    health,
    recording,
    coarseStreams,
    preserveLog: () => false,
    timingLimits: () => ({}),
    inspector: () => inspector,
    clock,
    tick(now) {
      // Only while a body is open: an idle panel re-renders nothing.
      if (open.size === 0) return;
      inspector.setTimingLimits(store.timingLimits());
      inspector.tick(now);
      batch(() => {
        clock.value = now;
        const current = inspector.model;
        if (current.version !== model.peek().version) model.value = snapshot(current);
      });
    },
    receive(msg) {
      queue.push(msg);
      scheduler.request(frameTask);
    },
    flush(whole = false) {
      batch(() => {
        applySlice(whole);
        publishIfDue();
      });
    },
    setConnected(connected) {
      health.value = { ...health.value, connected };
    },
    setRecording(on) {
      recording.value = on;
    },
    setSessionCap(bytes) {
      cap.setCap(bytes);
      health.value = { ...health.value, session: { ...health.value.session, capBytes: bytes } };
    },
    clear() {
      queue = [];
      pieces = undefined;
      inspector = core.createInspector();
      freshSession();
      coarseStreams.value = new Set();
      model.value = snapshot(inspector.model);
      losses.clear();
      health.value = {
        ...health.value,
        ...clearedCounts(),
        dropped: 0,
        loss: INITIAL_HEALTH.loss,
      };
    },
    replaceInspector(next) {
      queue = [];
      pieces = undefined;
      inspector = next;
      freshSession();
      model.value = snapshot(next.model);
      health.value = { ...health.value, streamsSeen: next.model.streams.length };
    },
  };
  /**
   * While a backlog drains in slices (tasks of their own), a frame only publishes and a
   * slice only applies: a frame waits for at most one slice, never for one plus a render.
   */
  let draining = false;
  const frameTask = (): void => (draining ? publishIfDue() : store.flush());
  const sliceTask = (): void => {
    draining = false;
    applySlice(false);
    if (modelMoved()) scheduler.request(frameTask);
  };

  /** Applies queued messages for at most the slice budget; the rest goes on in a slice task. */
  function applySlice(whole: boolean): void {
    const started = publish.now();
    const budget = whole ? Infinity : (publish.frameBudgetMs ?? Infinity);
    h = health.value;
    // Apply may swap the inspector on a navigation: the model is read once, after.
    let applied = 0;
    let fed = false;
    while (pieces !== undefined || applied < queue.length) {
      if (pieces !== undefined) feedPiece(pieces);
      else apply(queue[applied++] as RelayMessage);
      fed = true;
      if (publish.now() - started >= budget) break;
    }
    queue = applied === queue.length ? [] : queue.slice(applied);
    if ((queue.length > 0 || pieces !== undefined) && !draining) {
      draining = true;
      scheduler.continueSoon(sliceTask);
    }
    // Runs, text and findings are measured once per batch (cost per batch, not per event).
    if (fed) account(cap.settle(inspector));
    if (h !== health.value) health.value = h;
  }

  function modelMoved(): boolean {
    const shown = model.peek();
    const current = inspector.model;
    return (
      current.version !== shown.version || current.streams !== shown.streams || current.findings !== shown.findings
    );
  }

  /**
   * The inspector is always current; the views see it at most every intervalMs while a
   * stream pours in (each publication re-renders them), and at once after a pause.
   */
  function publishIfDue(): void {
    if (!modelMoved()) return;
    const now = publish.now();
    if (now - lastPublish < publish.intervalMs) return scheduler.request(frameTask);
    model.value = snapshot(inspector.model);
    lastPublish = now;
  }

  function freshSession(): void {
    skipped.clear();
    open.clear();
    latestStart = -Infinity;
    cap.reset();
  }
  function clearedCounts(): Partial<CaptureHealth> {
    return {
      streamsSeen: 0,
      ignored: 0,
      failedRequests: 0,
      lastFailed: undefined,
      skippedWhilePaused: 0,
      lastIgnored: undefined,
      cutCount: 0,
      cut: [],
      session: { ...INITIAL_HEALTH.session, capBytes: cap.capBytes },
    };
  }
  /** End the open streams that `which` selects, as the page side can no longer do it. */
  function endOpen(reason: StreamEndReason, t: number, which: (start: number) => boolean, error?: string): void {
    for (const [id, s] of open) {
      if (!which(s.t)) continue;
      open.delete(id);
      inspector.endStream(id, { reason, t: Math.max(t, s.t), ...(error !== undefined ? { error } : {}) });
    }
  }
  function recordCut(streamId: string, note: string): void {
    const cut: CutStream = { streamId, url: open.get(streamId)?.url ?? streamId, note };
    h = { ...h, cutCount: h.cutCount + 1, cut: [...h.cut, cut].slice(-CUT_SHOWN) };
  }
  /** Count what a stream now holds (its new wire material), then check the cap. */
  function note(streamId: string, t: number): void {
    lastT = Math.max(lastT, t);
    // The figures reach health once per batch (settle); a message only acts past the cap.
    if (cap.note(inspector, streamId)) account(true);
  }
  /** Past the cap: evict old runs or stop capture. */
  function account(over: boolean): void {
    if (!over || h.session.stopped) return syncSession();
    if (!cap.enforce(inspector)) {
      const note = `capture stopped at the ${formatBytes(cap.capBytes)} session cap`;
      for (const id of open.keys()) skipped.add(id);
      endOpen('capture-truncated', lastT, () => true, note);
      h = { ...h, session: { ...h.session, stopped: true } };
    }
    syncSession();
  }
  function syncSession(): void {
    const s = h.session;
    if (s.bytes === cap.bytes && s.evictedRuns === cap.evictedRuns && s.capBytes === cap.capBytes) return;
    h = {
      ...h,
      session: {
        ...s,
        bytes: cap.bytes,
        capBytes: cap.capBytes,
        evictedRuns: cap.evictedRuns,
        evictedBytes: cap.evictedBytes,
      },
    };
  }

  /** One piece of a chunk into the core, then the cap; a stream stopped meanwhile takes no more. */
  function feedPiece(c: ChunkPieces): void {
    const piece = skipped.has(c.streamId) ? undefined : nextPiece(c);
    if (piece === undefined || c.at >= c.bytes.length) pieces = undefined;
    if (piece === undefined) return;
    inspector.appendBytes(c.streamId, piece, c.t);
    note(c.streamId, c.t);
  }

  function apply(msg: RelayMessage): void {
    // Replays repeat navigations and tap hellos too; a repeated 'navigated' must not clear.
    if (!dedupe.accept(msg)) {
      h = { ...h, duplicates: h.duplicates + 1 };
      return;
    }
    switch (msg.kind) {
      case 'tap-ready':
        h = { ...h, tapFrames: h.tapFrames + 1 };
        return;
      case 'stream-ignored':
        h = { ...h, ignored: h.ignored + 1, lastIgnored: { url: msg.url, contentType: msg.contentType } };
        return;
      case 'buffer-state':
        h = {
          ...losses.set(h, 'relay', msg.docId, { messages: msg.dropped, bytes: msg.droppedBytes }),
          buffered: msg.buffered,
        };
        return;
      case 'tap-dropped':
        h = losses.set(h, 'page', msg.frameId, { messages: msg.messages, bytes: msg.bytes });
        return;
      case 'handoff-dropped':
        h = losses.set(h, 'handoff', 'devtools', { messages: msg.messages, bytes: msg.bytes });
        return;
      case 'replay-start':
        h = { ...h, replaying: true };
        return;
      case 'replay-end':
        h = { ...h, replaying: false };
        return;
      case 'tab-closed':
        endOpen('tab-closed', msg.t, () => true);
        h = { ...h, tabClosed: true };
        return;
      case 'worker-stream':
        h = { ...h, workerStreams: h.workerStreams + 1, lastWorkerUrl: msg.url };
        return;
      case 'navigated':
        if (!msg.top) return;
        // Replays from several frames can arrive in any order: a stream that started after
        // this document did belongs to it, and neither is ended nor cleared away.
        if (!store.preserveLog() && latestStart < msg.t) {
          inspector = core.createInspector();
          freshSession();
          h = { ...h, ...clearedCounts(), tapFrames: 0 };
        } else endOpen('navigated', msg.t, (start) => start < msg.t);
        return;
      case 'chunk-blob': // the transport reads these into stream-chunks; never here
      case 'replay-armed': // the replay store's (the armed bar), not the capture's
        return;
      default:
        break;
    }
    if (skipped.has(msg.streamId)) return;
    switch (msg.kind) {
      case 'stream-open':
        // DevTools Network semantics: paused means not recorded. Streams already open
        // keep recording to their end so what is shown is never a corrupted half. A run
        // the user's armed replay answered is always recorded: it is what they asked to see.
        if ((!recording.value && msg.replayed === undefined) || h.session.stopped) {
          skipped.add(msg.streamId);
          h = recording.value
            ? { ...h, session: { ...h.session, skippedStreams: h.session.skippedStreams + 1 } }
            : { ...h, skippedWhilePaused: h.skippedWhilePaused + 1 };
          return;
        }
        if (msg.coarseTiming) coarseStreams.value = new Set([...coarseStreams.value, msg.streamId]);
        h =
          msg.encoding === 'none'
            ? {
                ...h,
                failedRequests: h.failedRequests + 1,
                lastFailed: { url: msg.url, status: msg.status, contentType: msg.contentType },
              }
            : { ...h, streamsSeen: h.streamsSeen + 1 };
        open.set(msg.streamId, { url: msg.url, t: msg.t });
        latestStart = Math.max(latestStart, msg.t);
        feedInspector(inspector, msg);
        cap.book.seeText(msg.streamId, msg.url);
        if (msg.requestBody !== undefined) cap.book.seeText(msg.streamId, msg.requestBody);
        note(msg.streamId, msg.t);
        return;
      case 'stream-chunk': {
        // Not feedInspector's one call: a big chunk is fed in pieces (./chunk-pieces.ts).
        const bytes = chunkBytes(msg, core.decodeBase64);
        if (bytes === undefined) {
          h = { ...h, badChunks: h.badChunks + 1 };
          return;
        }
        if ('text' in msg) cap.book.seeText(msg.streamId, msg.text);
        else cap.book.seeBinary(msg.streamId);
        if (bytes.length > PIECE_BYTES) pieces = { streamId: msg.streamId, t: msg.t, bytes, at: 0 };
        else {
          inspector.appendBytes(msg.streamId, bytes, msg.t);
          note(msg.streamId, msg.t);
        }
        return;
      }
      case 'stream-message':
        feedInspector(inspector, msg);
        cap.book.seeText(msg.streamId, msg.data);
        cap.book.seeText(msg.streamId, msg.event + msg.lastEventId);
        note(msg.streamId, msg.t);
        return;
      case 'stream-end':
        if (msg.reason === 'capture-truncated')
          recordCut(msg.streamId, msg.error ?? `capture stopped at ${formatBytes(LIMITS.streamBytes)}`);
        open.delete(msg.streamId);
        feedInspector(inspector, msg);
        // An ended stream can be evicted: check the cap now, not at the stream's next byte.
        note(msg.streamId, msg.t);
        return;
    }
  }

  return store;
}
