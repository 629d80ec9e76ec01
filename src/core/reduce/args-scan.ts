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
// The entry of the call being streamed now. Successive deltas hand it from version to
// version here instead of through a WeakMap entry per delta (profiled: WeakMap writes
// per event cost more than the scan); it goes into the WeakMap only when another call
// takes its place, so interleaved calls stay O(1) too.
let current: Entry | undefined;

function lookup(call: ToolCallModel): Entry | undefined {
  if (current !== undefined && current.owner === call) return current;
  const hit = scans.get(call);
  return hit !== undefined && hit.owner === call ? hit : undefined;
}

function makeCurrent(entry: Entry): void {
  if (current !== undefined && current !== entry) scans.set(current.owner, current);
  current = entry;
}

function entryOf(call: ToolCallModel): Entry {
  const hit = lookup(call);
  if (hit !== undefined) return hit;
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
  makeCurrent(entry);
}

/** `next` has the same argument text as `prev`. */
export function carryScan(prev: ToolCallModel, next: ToolCallModel): void {
  const entry = lookup(prev);
  if (entry === undefined) return;
  entry.owner = next;
  makeCurrent(entry);
}

export function scanOf(call: ToolCallModel): JsonScanState {
  return entryOf(call).state;
}
