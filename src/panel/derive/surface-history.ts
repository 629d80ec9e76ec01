// The A2UI surfaces of one run, step by step: every event that gives the renderer A2UI
// messages (an `a2ui-surface` activity's snapshot or delta, a tool result carrying
// operations). An activity's content is the client's after the event (snapshots replace
// it, deltas patch it); the surfaces after a step are those every source's latest messages
// build. Scanned incrementally as events arrive; surfaces are built only for the step shown.
import type { RunModel, StreamModel } from '../../core/model/types.js';
import {
  a2uiMessagesIn,
  a2uiMessagesInText,
  applyA2uiMessages,
  applyJsonPatch,
  asRecord,
  type A2uiMessage,
  type Surfaces,
} from '../core-deps.js';

export interface SurfaceStep {
  readonly event: number;
  readonly t: number;
  readonly type: string;
  /** "activity 'id'" or "result of 'call'". */
  readonly source: string;
  readonly messages: readonly A2uiMessage[];
}

export interface SurfaceHistory {
  steps(): readonly SurfaceStep[];
  /** The surfaces after step k (every source's latest messages up to it). */
  surfacesAt(k: number): Surfaces;
}

export function createSurfaceHistory(run: RunModel, stream: StreamModel): SurfaceHistory {
  const steps: SurfaceStep[] = [];
  const contents = new Map<string, unknown>();
  let scanned = run.firstEvent;

  const scan = (): void => {
    const last = Math.min(run.lastEvent, stream.rawEvents.length - 1);
    for (; scanned <= last; scanned++) {
      const e = stream.rawEvents.at(scanned);
      if (!e) continue;
      const p = asRecord(e.payload) ?? {};
      if (e.type === 'ACTIVITY_SNAPSHOT' || e.type === 'ACTIVITY_DELTA') {
        const id = typeof p['messageId'] === 'string' ? p['messageId'] : undefined;
        if (id === undefined) continue;
        let content: unknown;
        if (e.type === 'ACTIVITY_SNAPSHOT') {
          content = p['replace'] === false && contents.has(id) ? contents.get(id) : p['content'];
        } else {
          if (!contents.has(id)) continue;
          const r = applyJsonPatch(contents.get(id) ?? {}, p['patch'] ?? []);
          content = 'value' in r ? r.value : contents.get(id);
        }
        contents.set(id, content);
        const messages = a2uiMessagesIn(content);
        if (messages !== undefined)
          steps.push({ event: e.index, t: e.t, type: e.type, source: `activity '${id}'`, messages });
      } else if (e.type === 'TOOL_CALL_RESULT' && typeof p['content'] === 'string') {
        const messages = a2uiMessagesInText(p['content']);
        const call = typeof p['toolCallId'] === 'string' ? p['toolCallId'] : '?';
        if (messages !== undefined)
          steps.push({ event: e.index, t: e.t, type: e.type, source: `result of '${call}'`, messages });
      }
    }
  };

  const cache = new Map<number, Surfaces>();
  const surfacesAt = (k: number): Surfaces => {
    const hit = cache.get(k);
    if (hit) return hit;
    const latest = new Map<string, readonly A2uiMessage[]>();
    for (let i = 0; i <= k && i < steps.length; i++) {
      const s = steps[i] as SurfaceStep;
      latest.set(s.source, s.messages);
    }
    let surfaces: Surfaces = new Map();
    // Each source builds its surfaces on its own, as a renderer per activity message does.
    for (const messages of latest.values()) {
      const built = applyA2uiMessages(messages);
      surfaces = new Map([...surfaces, ...built]);
    }
    cache.set(k, surfaces);
    return surfaces;
  };

  return {
    steps() {
      scan();
      return steps;
    },
    surfacesAt,
  };
}

/** One history per run, kept while the run is in the session. */
export function createSurfaceHistories(): (run: RunModel, stream: StreamModel) => SurfaceHistory {
  const byRun = new WeakMap<RunModel, SurfaceHistory>();
  return (run, stream) => {
    let h = byRun.get(run);
    if (!h) {
      h = createSurfaceHistory(run, stream);
      byRun.set(run, h);
    }
    return h;
  };
}
