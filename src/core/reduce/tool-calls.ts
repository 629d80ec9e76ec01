// Tool-call transitions on one run, in place. Sequence violations (ARGS for a closed
// call, START for an open one) leave the model as it was: the rule engine sees that the
// event was not taken (the call's last segment or delta is not this event) and reports
// it, and the raw events stay in the stream's log, so nothing is lost.
import { createJsonScan, jsonStateOf, scanJson } from '../args/json-state.js';
import { validateArgs, type SchemaCache } from '../args/schema.js';
import type { ExpandedEvent } from '../events/types.js';
import type { CallSegment, SchemaResult, ToolCallStatus } from '../model/types.js';
import { str } from './payload.js';
import type { Keyed } from '../keyed.js';
import type { CallEntry, MCall, MRun, RunEntry } from './store.js';

function advertisedTool(run: MRun, name: string): { readonly parameters?: unknown } | undefined {
  return run.input?.tools.find((t) => t.name === name);
}

// `advertised` is about the name the call carries now; `frontend` sticks once any name the
// call was given is advertised (the application may hold either name after a renaming
// reopen), matching how the rules judge the round trip.
function isFrontend(run: MRun, names: readonly string[]): boolean {
  return names.some((n) => advertisedTool(run, n) !== undefined);
}

/** The schema a frontend call answers to: its current name's, else the first advertised name's. */
function toolFor(run: MRun, call: MCall): { readonly parameters?: unknown } | undefined {
  if (!call.frontend) return undefined;
  for (const n of [call.name, ...call.names]) {
    const tool = advertisedTool(run, n);
    if (tool) return tool;
  }
  return undefined;
}

/** A segment with every key from the start (see newRun in runs.ts): END fills in its end. */
function segmentOf(e: ExpandedEvent, t: number, name: string): Keyed<CallSegment> {
  return {
    startEvent: e.raw.index,
    startT: t,
    endEvent: undefined,
    endT: undefined,
    name,
    parentMessageId: str(e.payload, 'parentMessageId'),
    owner: str(e.payload, 'subagentRunId'),
    implicitEnd: undefined,
  };
}

/** A new call record, one literal with every key (see newRun in runs.ts). */
function newCall(
  v: number,
  toolCallId: string,
  name: string,
  segment: Keyed<CallSegment>,
  advertised: boolean,
  fromChunks: boolean,
): MCall {
  return {
    version: v,
    toolCallId,
    name,
    names: [name],
    parentMessageId: segment.parentMessageId,
    owner: segment.owner,
    frontend: advertised,
    advertised,
    status: 'streaming',
    segments: [segment],
    deltas: [],
    args: '',
    json: { state: 'incomplete' },
    schema: { state: 'not-applicable' },
    results: [],
    fromChunks,
    answer: undefined,
  };
}

export function toolCallStart(entry: RunEntry, e: ExpandedEvent, t: number, v: number): void {
  const id = str(e.payload, 'toolCallId');
  if (id === undefined) return;
  const run = entry.run;
  const name = str(e.payload, 'toolCallName') ?? '';
  const segment = segmentOf(e, t, name);
  const advertised = advertisedTool(run, name) !== undefined;
  const found = entry.calls.get(id);
  if (found === undefined) {
    const fromChunks = e.synthesized === 'chunk-start';
    const call = newCall(v, id, name, segment, advertised, fromChunks);
    run.toolCalls.push(call);
    entry.calls.set(id, { call, scan: createJsonScan() });
    return;
  }
  const call = found.call;
  if (call.status === 'streaming') return; // start-while-open: the rules report it
  // A reopen: the name is last-wins as in the reference reducer; parent and owner keep
  // the first value; each segment keeps what its own START said.
  if (!call.names.includes(name)) call.names.push(name);
  call.version = v;
  call.name = name;
  call.frontend = isFrontend(run, call.names);
  call.advertised = advertised;
  call.status = 'streaming';
  call.segments.push(segment);
  call.json = { state: 'incomplete' };
  call.schema = { state: 'not-applicable' };
  call.fromChunks = call.fromChunks || e.synthesized === 'chunk-start';
}

/** The open call this ARGS/END continues, or undefined (not open: the rules report it). */
function openCall(entry: RunEntry, e: ExpandedEvent): CallEntry | undefined {
  const id = str(e.payload, 'toolCallId');
  const found = id === undefined ? undefined : entry.calls.get(id);
  return found?.call.status === 'streaming' ? found : undefined;
}

export function toolCallArgs(entry: RunEntry, e: ExpandedEvent, t: number, v: number): void {
  const found = openCall(entry, e);
  const delta = str(e.payload, 'delta');
  if (found === undefined || delta === undefined) return;
  const call = found.call;
  call.version = v;
  call.deltas.push({
    event: e.raw.index,
    t,
    offset: call.args.length,
    length: delta.length,
    segment: call.segments.length - 1,
  });
  // String concatenation builds a rope: linear in total, nothing re-parsed here.
  call.args += delta;
  scanJson(found.scan, delta);
}

function schemaAtEnd(run: MRun, call: MCall, jsonValid: boolean, cache: SchemaCache): SchemaResult {
  const tool = toolFor(run, call);
  if (!tool || !jsonValid || tool.parameters === undefined) return { state: 'not-applicable' };
  let value: unknown;
  try {
    value = JSON.parse(call.args); // once per END: the scanner already said it parses
  } catch {
    return { state: 'not-applicable' };
  }
  return validateArgs(tool.parameters, value, cache);
}

export function toolCallEnd(entry: RunEntry, e: ExpandedEvent, t: number, v: number, cache: SchemaCache): void {
  const found = openCall(entry, e);
  if (found === undefined) return;
  const call = found.call;
  // In place, like every record here (the call's version tells readers it changed).
  const last = call.segments[call.segments.length - 1] as MCall['segments'][number];
  last.endEvent = e.raw.index;
  last.endT = t;
  if (e.synthesized === 'implicit-end') last.implicitEnd = { closedBy: e.closedBy?.index ?? e.raw.index };
  call.version = v;
  call.status = call.results.length > 0 ? 'result' : 'closed';
  call.json = jsonStateOf(found.scan, true);
  call.schema = schemaAtEnd(entry.run, call, call.json.state === 'valid', cache);
}

export function toolCallResult(entry: RunEntry, e: ExpandedEvent, t: number, v: number): void {
  const id = str(e.payload, 'toolCallId');
  if (id === undefined) return;
  const event = e.raw.index;
  const messageId = str(e.payload, 'messageId') ?? '';
  const content = e.payload['content'];
  const found = entry.calls.get(id);
  // Literals written out, not spread from a common part: see newRun in runs.ts.
  if (found === undefined) {
    (entry.run.unmatchedResults ??= []).push({ event, t, messageId, content, toolCallId: id, beforeEnd: false });
    return;
  }
  const call = found.call;
  const open = call.status === 'streaming';
  call.version = v;
  if (!open) call.status = 'result';
  call.results.push({ event, t, messageId, content, beforeEnd: open });
}

/** The run ended: open calls are unclosed; unanswered frontend calls await the app. */
export function settleCalls(run: MRun, how: 'finished' | 'cut', v: number): void {
  for (const c of run.toolCalls) {
    const status: ToolCallStatus =
      c.status === 'streaming'
        ? 'unclosed'
        : how === 'finished' && c.status === 'closed' && c.frontend
          ? 'pending'
          : c.status;
    if (status === c.status) continue;
    c.status = status;
    c.version = v;
  }
}
