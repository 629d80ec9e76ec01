// The incremental JSON scanner state of each call's argument text. It is framing state,
// not model data, so it lives beside the model: keyed by the call object, handed from
// one version of a call to the next. A version that is not the current owner (an older
// model applied to again, or a model loaded from an export) rescans its text once.
import { createJsonScan, scanJson, type JsonScanState } from '../args/json-state.js';
import type { ToolCallModel } from '../model/types.js';

interface Entry {
  readonly state: JsonScanState;
  owner: ToolCallModel;
}

const scans = new WeakMap<ToolCallModel, Entry>();

function entryOf(call: ToolCallModel): Entry {
  const hit = scans.get(call);
  if (hit && hit.owner === call) return hit;
  const state = createJsonScan();
  scanJson(state, call.args);
  const entry: Entry = { state, owner: call };
  scans.set(call, entry);
  return entry;
}

/** `next` is `prev` plus `delta` of argument text. */
export function advanceScan(prev: ToolCallModel, next: ToolCallModel, delta: string): void {
  const entry = entryOf(prev);
  scanJson(entry.state, delta);
  entry.owner = next;
  scans.set(next, entry);
}

/** `next` has the same argument text as `prev`. */
export function carryScan(prev: ToolCallModel, next: ToolCallModel): void {
  const entry = scans.get(prev);
  if (!entry || entry.owner !== prev) return;
  entry.owner = next;
  scans.set(next, entry);
}

export function scanOf(call: ToolCallModel): JsonScanState {
  return entryOf(call).state;
}
