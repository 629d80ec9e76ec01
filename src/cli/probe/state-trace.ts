// The state a client ends a run with: the request's state, then each STATE_SNAPSHOT and
// STATE_DELTA applied as @ag-ui/client applies them (a patch that fails leaves the state).
// The default export: Node loads the CommonJS build (no named exports).
import fastJsonPatch, { type Operation } from 'fast-json-patch';
import type { WireEvent } from './answer.js';

const { applyPatch, deepClone } = fastJsonPatch;

export interface StateTrace {
  readonly state: unknown;
  /** STATE_SNAPSHOT and STATE_DELTA events seen. */
  readonly updates: number;
  readonly failed: readonly { readonly index: number; readonly message: string }[];
}

export function traceState(input: unknown, events: readonly WireEvent[]): StateTrace {
  let state: unknown = deepClone(input ?? {});
  let updates = 0;
  const failed: { index: number; message: string }[] = [];
  for (const e of events) {
    if (e.type === 'STATE_SNAPSHOT') {
      updates++;
      state = deepClone(e.payload['snapshot'] ?? {});
    } else if (e.type === 'STATE_DELTA') {
      updates++;
      try {
        state = applyPatch(deepClone(state), e.payload['delta'] as Operation[], true, false).newDocument;
      } catch (err) {
        failed.push({ index: e.index, message: err instanceof Error ? err.message.split('\n')[0]! : String(err) });
      }
    }
  }
  return { state, updates, failed };
}
