// Compacting an ended run no rule will read in full again (see ./retention.ts): the
// per-event data goes — argument deltas and text, message text, result contents, the
// incremental JSON scans — and the record keeps its keys, status, event bounds, input,
// and every call's id, names, segments, flags, JSON/schema verdicts and result count,
// which is what the checks that look back across runs read. What stays is rebuilt
// tight: arrays at their length, common verdicts shared, segments in one shape (a
// long recording holds tens of thousands of compacted runs).
import { createJsonScan } from '../args/json-state.js';
import type {
  ArgsDelta,
  CallSegment,
  JsonState,
  SchemaResult,
  ToolResultModel,
  UnmatchedResultModel,
} from '../model/types.js';
import type { Keyed } from '../keyed.js';
import type { MMessage, RunEntry } from './store.js';

// Shared and frozen: a compacted run takes no more events, and a write would throw
// (an internal finding) rather than pass unseen.
const NO_DELTAS = Object.freeze([]) as readonly ArgsDelta[] as ArgsDelta[];
const NO_MESSAGES = Object.freeze([]) as readonly MMessage[] as MMessage[];
const SCANNED = Object.freeze(createJsonScan());
const PLAIN_JSON: ReadonlyMap<string, JsonState> = new Map(
  (['empty', 'incomplete', 'valid'] as const).map((state) => [state, Object.freeze({ state })]),
);
const PLAIN_SCHEMA: ReadonlyMap<string, SchemaResult> = new Map(
  (['not-applicable', 'valid'] as const).map((state) => [state, Object.freeze({ state })]),
);

function withoutContent<T extends ToolResultModel>(r: T): T {
  return r.content === undefined ? r : { ...r, content: undefined };
}

/**
 * What compacted runs share: tool names (a recording calls a few tools many times, each
 * call's name parsed into its own string) and a call's one-name list.
 */
export interface CompactShared {
  name(name: string): string;
  names(name: string): string[];
  /** `count` results that say only that they were there. */
  results(count: number): ToolResultModel[];
}

// What the checks that look back read of a compacted call's results: how many there were.
const RESULT: ToolResultModel = Object.freeze({ event: -1, t: 0, messageId: '', content: undefined, beforeEnd: false });

export function createCompactShared(): CompactShared {
  const names = new Map<string, string[]>();
  const one = (name: string): string[] => {
    let list = names.get(name);
    if (list === undefined) names.set(name, (list = Object.freeze([name]) as readonly string[] as string[]));
    return list;
  };
  const results = new Map<number, ToolResultModel[]>();
  const counted = (count: number): ToolResultModel[] => {
    let list = results.get(count);
    if (list === undefined) {
      list = Object.freeze(
        Array.from({ length: count }, () => RESULT),
      ) as readonly ToolResultModel[] as ToolResultModel[];
      // A call with more results than any before: kept only if the count is a common one.
      if (count <= 8) results.set(count, list);
    }
    return list;
  };
  return { name: (name) => one(name)[0] as string, names: one, results: counted };
}

/** The same segment, built in one property order so every segment shares a shape. */
function tightSegment(s: Keyed<CallSegment>, name: string): Keyed<CallSegment> {
  return {
    startEvent: s.startEvent,
    startT: s.startT,
    endEvent: s.endEvent,
    endT: s.endT,
    name,
    parentMessageId: s.parentMessageId,
    owner: s.owner,
    implicitEnd: s.implicitEnd,
  };
}

export function compactRun(entry: RunEntry, shared: CompactShared): void {
  const run = entry.run;
  for (const call of run.toolCalls) {
    call.name = shared.name(call.name);
    call.deltas = NO_DELTAS;
    call.args = '';
    call.results = shared.results(call.results.length);
    call.segments = call.segments.map((s) => tightSegment(s, shared.name(s.name)));
    call.names = call.names.length === 1 ? shared.names(call.names[0] as string) : call.names.slice();
    if (Object.keys(call.json).length === 1) call.json = PLAIN_JSON.get(call.json.state) ?? call.json;
    if (Object.keys(call.schema).length === 1) call.schema = PLAIN_SCHEMA.get(call.schema.state) ?? call.schema;
  }
  run.toolCalls = run.toolCalls.slice();
  for (const [id, found] of entry.calls)
    if (found.scan !== SCANNED) entry.calls.set(id, { call: found.call, scan: SCANNED });
  run.messages = NO_MESSAGES;
  if (run.activities.length > 0) run.activities = [];
  entry.messages.clear();
  if (run.unmatchedResults !== undefined)
    run.unmatchedResults = run.unmatchedResults.map(withoutContent<UnmatchedResultModel>);
}
