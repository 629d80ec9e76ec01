// The capture feed: RelayMessages in, an Inspector's model out. Messages are queued and
// applied together once per animation frame so a burst of thousands of chunks costs one
// render. The core changes its model in place; what the views get is a fresh session
// record over the same arrays, published when the model's version moved, so a view
// re-derives only after whole events and only what changed (records carry versions). Bytes arrive as base64 (ports carry JSON) and are decoded here because the
// core wants bytes. Replays can overlap live delivery, so (streamId, seq) de-duplicates.
import { batch, signal, type Signal } from '@preact/signals';
import type { RelayMessage } from '../../bridge/messages.js';
import type { Inspector } from '../../core/inspector.js';
import type { SessionModel } from '../../core/model/types.js';
import type { PanelCore } from '../core-deps.js';
import { createSeqDeduper } from '../../bridge/seq-deduper.js';
import type { FrameScheduler } from './scheduler.js';
import { INITIAL_HEALTH, type CaptureHealth } from './health.js';

export interface CaptureStore {
  readonly model: Signal<SessionModel>;
  readonly health: Signal<CaptureHealth>;
  readonly recording: Signal<boolean>;
  /** Streams whose timing is coarse (XHR): the panel says so. */
  readonly coarseStreams: Signal<ReadonlySet<string>>;
  /** Queue one message; applied at the next frame. */
  receive(msg: RelayMessage): void;
  /** Apply everything queued now (the frame task; tests call it directly). */
  flush(): void;
  setConnected(connected: boolean): void;
  setRecording(on: boolean): void;
  /** Start a fresh session (keeps de-dupe state so a replay does not bring it back). */
  clear(): void;
  /** Replace the session with an already-built inspector (import). */
  replaceInspector(inspector: Inspector): void;
  readonly inspector: () => Inspector;
  /** Called on a top-frame navigation; the store decides with preserve log. */
  preserveLog: () => boolean;
}

export interface PublishPolicy {
  /** Minimum ms between model publications while data keeps arriving (0 = every batch). */
  readonly intervalMs: number;
  readonly now: () => number;
}

const EVERY_BATCH: PublishPolicy = { intervalMs: 0, now: () => 0 };

export function createCaptureStore(core: PanelCore, scheduler: FrameScheduler, mode: 'live' | 'offline', publish: PublishPolicy = EVERY_BATCH): CaptureStore {
  let inspector = core.createInspector();
  const snapshot = (m: SessionModel): SessionModel => ({ ...m, counts: { ...m.counts } });
  const model = signal<SessionModel>(snapshot(inspector.model));
  const health = signal<CaptureHealth>({ ...INITIAL_HEALTH, mode });
  const recording = signal(true);
  const coarseStreams = signal<ReadonlySet<string>>(new Set());
  const dedupe = createSeqDeduper();
  /** Streams opened while paused: everything for them is dropped, even after resume. */
  const skipped = new Set<string>();
  let queue: RelayMessage[] = [];
  let h: CaptureHealth = health.value;
  let lastPublish = -Infinity;

  const store: CaptureStore = {
    model,
    health,
    recording,
    coarseStreams,
    preserveLog: () => false,
    inspector: () => inspector,
    receive(msg) {
      queue.push(msg);
      scheduler.request(flushTask);
    },
    flush() {
      const batchOf = queue;
      queue = [];
      h = health.value;
      // Apply may swap the inspector on a navigation: the model is read once, after.
      for (const msg of batchOf) apply(msg);
      // The inspector is always current; the views see it at most every intervalMs while
      // a stream pours in (each publication re-renders them), and at once after a pause.
      const now = publish.now();
      const due = now - lastPublish >= publish.intervalMs;
      batch(() => {
        const shown = model.peek();
        const current = inspector.model;
        if (current.version !== shown.version || current.streams !== shown.streams || current.findings !== shown.findings) {
          if (due) {
            model.value = snapshot(current);
            lastPublish = now;
          } else scheduler.request(flushTask);
        }
        if (h !== health.value) health.value = h;
      });
    },
    setConnected(connected) {
      health.value = { ...health.value, connected };
    },
    setRecording(on) {
      recording.value = on;
    },
    clear() {
      queue = [];
      inspector = core.createInspector();
      skipped.clear();
      coarseStreams.value = new Set();
      model.value = snapshot(inspector.model);
      health.value = { ...health.value, streamsSeen: 0, ignored: 0, skippedWhilePaused: 0, lastIgnored: undefined };
    },
    replaceInspector(next) {
      queue = [];
      inspector = next;
      model.value = snapshot(next.model);
      health.value = { ...health.value, streamsSeen: next.model.streams.length };
    },
  };
  const flushTask = (): void => store.flush();

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
        h = { ...h, dropped: msg.dropped, buffered: msg.buffered };
        return;
      case 'replay-start':
        h = { ...h, replaying: true };
        return;
      case 'replay-end':
        h = { ...h, replaying: false };
        return;
      case 'navigated':
        if (msg.top && !store.preserveLog()) {
          inspector = core.createInspector();
          skipped.clear();
          h = { ...h, streamsSeen: 0, tapFrames: 0, ignored: 0, lastIgnored: undefined, skippedWhilePaused: 0 };
        }
        return;
      default:
        break;
    }
    if (skipped.has(msg.streamId)) return;
    switch (msg.kind) {
      case 'stream-open':
        // DevTools Network semantics: paused means not recorded. Streams already open
        // keep recording to their end so what is shown is never a corrupted half.
        if (!recording.value) {
          skipped.add(msg.streamId);
          h = { ...h, skippedWhilePaused: h.skippedWhilePaused + 1 };
          return;
        }
        if (msg.coarseTiming) coarseStreams.value = new Set([...coarseStreams.value, msg.streamId]);
        h = { ...h, streamsSeen: h.streamsSeen + 1 };
        inspector.openStream({
          streamId: msg.streamId,
          transport: msg.transport,
          encoding: msg.encoding,
          url: msg.url,
          method: msg.method,
          requestHeaders: msg.requestHeaders,
          ...(msg.requestBody !== undefined ? { requestBody: msg.requestBody } : {}),
          ...(msg.requestBodyNote !== undefined ? { requestBodyNote: msg.requestBodyNote } : {}),
          status: msg.status,
          contentType: msg.contentType,
          startedAt: msg.t,
          frameUrl: msg.frameUrl,
        });
        return;
      case 'stream-chunk': {
        const bytes = core.decodeBase64(msg.base64);
        if (!bytes) {
          h = { ...h, badChunks: h.badChunks + 1 };
          return;
        }
        inspector.appendBytes(msg.streamId, bytes, msg.t);
        return;
      }
      case 'stream-message':
        inspector.appendMessage(msg.streamId, { event: msg.event, data: msg.data, lastEventId: msg.lastEventId }, msg.t);
        return;
      case 'stream-end':
        inspector.endStream(msg.streamId, { reason: msg.reason, t: msg.t, ...(msg.error !== undefined ? { error: msg.error } : {}) });
        return;
    }
  }

  return store;
}
