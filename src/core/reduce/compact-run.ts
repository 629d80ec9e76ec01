// Compacting an ended run no rule will read in full again (see ./retention.ts): the
// per-event data goes — argument deltas and text, message text, result contents, the
// incremental JSON scans — and the record keeps its keys, status, event bounds, input,
// and every call's id, names, segments, flags, JSON/schema verdicts and result count,
// which is what the checks that look back across runs read.
import { createJsonScan } from '../args/json-state.js';
import type { ArgsDelta, ToolResultModel, UnmatchedResultModel } from '../model/types.js';
import type { MMessage, RunEntry } from './store.js';

// Shared and frozen: a compacted run takes no more events, and a write would throw
// (an internal finding) rather than pass unseen.
const NO_DELTAS = Object.freeze([]) as readonly ArgsDelta[] as ArgsDelta[];
const NO_MESSAGES = Object.freeze([]) as readonly MMessage[] as MMessage[];
const SCANNED = Object.freeze(createJsonScan());

function withoutContent<T extends ToolResultModel>(r: T): T {
  return r.content === undefined ? r : { ...r, content: undefined };
}

export function compactRun(entry: RunEntry): void {
  const run = entry.run;
  for (const call of run.toolCalls) {
    call.deltas = NO_DELTAS;
    call.args = '';
    if (call.results.length > 0) call.results = call.results.map(withoutContent);
  }
  for (const [id, found] of entry.calls)
    if (found.scan !== SCANNED) entry.calls.set(id, { call: found.call, scan: SCANNED });
  run.messages = NO_MESSAGES;
  entry.messages.clear();
  if (run.unmatchedResults !== undefined)
    run.unmatchedResults = run.unmatchedResults.map(withoutContent<UnmatchedResultModel>);
}
