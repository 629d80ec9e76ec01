// Builders for reducer tests: a stream of already-expanded events driven through the
// apply* transitions, with wire indexes and times counted per stream.
import type { StreamEndReason, StreamOpenInfo } from '../capture.js';
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { RunModel, SessionModel, ToolCallModel } from '../model/types.js';
import { applyEvent } from './apply-event.js';
import { applyRawEvent, applyStreamEnd, applyStreamOpen } from './stream-ops.js';
import { createStore, type Store } from './store.js';
import { getRun } from './lookup.js';

export function openInfo(streamId: string, body?: unknown, startedAt = 1_000): StreamOpenInfo {
  return {
    streamId,
    transport: 'fetch',
    encoding: 'sse',
    url: 'http://agent.test/run',
    method: 'POST',
    requestHeaders: {},
    ...(body !== undefined ? { requestBody: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    status: 200,
    contentType: 'text/event-stream',
    startedAt,
  };
}

export function rawEvent(streamId: string, index: number, payload: Record<string, unknown>, t: number): RawEvent {
  const type = typeof payload['type'] === 'string' ? payload['type'] : '';
  return { index, streamId, t, span: { start: index * 10, end: index * 10 + 10 }, type, payload, problems: [] };
}

export interface ExpandExtra {
  readonly synthesized?: ExpandedEvent['synthesized'];
  /** For an implicit END: index of the raw event that closed the call. */
  readonly closedBy?: number;
  /** Reuse the previous wire index (several expanded events from one raw event). */
  readonly sameRaw?: boolean;
}

export interface Scenario {
  readonly store: Store;
  /** The store's model (the same object throughout: it changes in place). */
  readonly model: SessionModel;
  open(streamId: string, body?: unknown, startedAt?: number): Scenario;
  send(streamId: string, payload: Record<string, unknown>, extra?: ExpandExtra): Scenario;
  end(streamId: string, reason?: StreamEndReason): Scenario;
}

export function scenario(store: Store = createStore()): Scenario {
  const next = new Map<string, number>();
  const times = new Map<string, number>();
  const s: Scenario = {
    store,
    model: store.model,
    open(streamId, body, startedAt = 1_000 + next.size * 1_000) {
      next.set(streamId, 0);
      times.set(streamId, startedAt);
      applyStreamOpen(store, openInfo(streamId, body, startedAt));
      return s;
    },
    send(streamId, payload, extra = {}) {
      const n = next.get(streamId) ?? 0;
      const index = extra.sameRaw ? n - 1 : n;
      const t = (times.get(streamId) ?? 0) + 10 * (index + 1);
      const raw = rawEvent(streamId, index, payload, t);
      if (!extra.sameRaw) {
        next.set(streamId, n + 1);
        applyRawEvent(store, raw, 'lf');
      }
      const event: ExpandedEvent = {
        type: raw.type,
        payload,
        raw,
        ...(extra.synthesized ? { synthesized: extra.synthesized } : {}),
        ...(extra.closedBy !== undefined ? { closedBy: rawEvent(streamId, extra.closedBy, {}, t) } : {}),
      };
      applyEvent(store, event, t);
      return s;
    },
    end(streamId, reason = 'complete') {
      const t = (times.get(streamId) ?? 0) + 10 * ((next.get(streamId) ?? 0) + 1);
      applyStreamEnd(store, streamId, { reason, t });
      return s;
    },
  };
  return s;
}

/** The run under `key`; throws when absent so a test fails at the lookup, not later. */
export function runAt(model: SessionModel, key: string): RunModel {
  const r = getRun(model, key);
  if (!r) throw new Error(`no run ${key}`);
  return r;
}

/** The run's i-th tool call; throws when absent. */
export function callAt(run: RunModel, i = 0): ToolCallModel {
  const c = run.toolCalls[i];
  if (!c) throw new Error(`no call ${i}`);
  return c;
}
