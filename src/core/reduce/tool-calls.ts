// Tool-call transitions on one run. Sequence violations (ARGS for a closed call, START
// for an open one) leave the model as it was: the rule engine reports them, and the raw
// events stay in the stream's log, so nothing is lost.
import { jsonStateOf } from '../args/json-state.js';
import { validateArgs } from '../args/schema.js';
import type { ExpandedEvent } from '../events/types.js';
import { emptyLog, logAppend, logAt } from '../model/log.js';
import type { CallSegment, RunModel, SchemaResult, ToolCallModel } from '../model/types.js';
import { advanceScan, carryScan, scanOf } from './args-scan.js';
import { str } from './payload.js';
import { withArgs, withRun } from './records.js';
import { callLog } from './store.js';

function advertisedTool(run: RunModel, name: string): { readonly parameters?: unknown } | undefined {
  return run.input?.tools.find((t) => t.name === name);
}

// `advertised` is about the name the call carries now; `frontend` sticks once any name the
// call was given is advertised (the application may hold either name after a renaming
// reopen), matching how the rules judge the round trip.
function isFrontend(run: RunModel, names: readonly string[]): boolean {
  return names.some((n) => advertisedTool(run, n) !== undefined);
}

/** The schema a frontend call answers to: its current name's, else the first advertised name's. */
function toolFor(run: RunModel, call: ToolCallModel): { readonly parameters?: unknown } | undefined {
  if (!call.frontend) return undefined;
  for (const n of [call.name, ...call.names]) {
    const tool = advertisedTool(run, n);
    if (tool) return tool;
  }
  return undefined;
}

function putCall(run: RunModel, slot: number, call: ToolCallModel): RunModel {
  return withRun(run, run.lastEvent, run.messages, callLog.set(run.toolCalls, slot, call));
}

export function toolCallStart(run: RunModel, e: ExpandedEvent, t: number): RunModel {
  const id = str(e.payload, 'toolCallId');
  if (id === undefined) return run;
  const name = str(e.payload, 'toolCallName') ?? '';
  const parentMessageId = str(e.payload, 'parentMessageId');
  const owner = str(e.payload, 'subagentRunId');
  const segment: CallSegment = {
    startEvent: e.raw.index,
    startT: t,
    name,
    ...(parentMessageId !== undefined ? { parentMessageId } : {}),
    ...(owner !== undefined ? { owner } : {}),
  };
  const advertised = advertisedTool(run, name) !== undefined;
  const slot = callLog.find(run.toolCalls, id);
  if (slot < 0) {
    const call: ToolCallModel = {
      toolCallId: id,
      name,
      names: [name],
      ...(parentMessageId !== undefined ? { parentMessageId } : {}),
      ...(owner !== undefined ? { owner } : {}),
      frontend: advertised,
      advertised,
      status: 'streaming',
      segments: [segment],
      deltas: emptyLog(),
      args: '',
      json: { state: 'incomplete' },
      schema: { state: 'not-applicable' },
      results: [],
      fromChunks: e.synthesized === 'chunk-start',
    };
    return withRun(run, run.lastEvent, run.messages, callLog.append(run.toolCalls, call));
  }
  const prev = logAt(run.toolCalls, slot) as ToolCallModel;
  if (prev.status === 'streaming') return run; // start-while-open: the rules report it
  // A reopen: the name is last-wins as in the reference reducer; parent and owner keep
  // the first value; each segment keeps what its own START said.
  const names = prev.names.includes(name) ? prev.names : [...prev.names, name];
  const next: ToolCallModel = {
    ...prev,
    name,
    names,
    frontend: isFrontend(run, names),
    advertised,
    status: 'streaming',
    segments: [...prev.segments, segment],
    json: { state: 'incomplete' },
    schema: { state: 'not-applicable' },
    fromChunks: prev.fromChunks || e.synthesized === 'chunk-start',
  };
  carryScan(prev, next);
  return putCall(run, slot, next);
}

export function toolCallArgs(run: RunModel, e: ExpandedEvent, t: number): RunModel {
  const id = str(e.payload, 'toolCallId');
  const delta = str(e.payload, 'delta');
  const slot = id === undefined ? -1 : callLog.find(run.toolCalls, id);
  if (slot < 0 || delta === undefined) return run;
  const prev = logAt(run.toolCalls, slot) as ToolCallModel;
  if (prev.status !== 'streaming') return run;
  // String concatenation builds a rope: linear in total, nothing re-parsed here.
  const next = withArgs(
    prev,
    prev.args + delta,
    logAppend(prev.deltas, { event: e.raw.index, t, offset: prev.args.length, length: delta.length, segment: prev.segments.length - 1 }),
  );
  advanceScan(prev, next, delta);
  return putCall(run, slot, next);
}

function schemaAtEnd(run: RunModel, call: ToolCallModel, jsonValid: boolean): SchemaResult {
  const tool = toolFor(run, call);
  if (!tool || !jsonValid || tool.parameters === undefined) return { state: 'not-applicable' };
  let value: unknown;
  try {
    value = JSON.parse(call.args); // once per END: the scanner already said it parses
  } catch {
    return { state: 'not-applicable' };
  }
  return validateArgs(tool.parameters, value);
}

export function toolCallEnd(run: RunModel, e: ExpandedEvent, t: number): RunModel {
  const id = str(e.payload, 'toolCallId');
  const slot = id === undefined ? -1 : callLog.find(run.toolCalls, id);
  if (slot < 0) return run;
  const prev = logAt(run.toolCalls, slot) as ToolCallModel;
  if (prev.status !== 'streaming') return run;
  const last = prev.segments[prev.segments.length - 1] as CallSegment;
  const closed: CallSegment = {
    ...last,
    endEvent: e.raw.index,
    endT: t,
    ...(e.synthesized === 'implicit-end' ? { implicitEnd: { closedBy: e.closedBy?.index ?? e.raw.index } } : {}),
  };
  const json = jsonStateOf(scanOf(prev), true);
  const next: ToolCallModel = {
    ...prev,
    status: prev.results.length > 0 ? 'result' : 'closed',
    segments: [...prev.segments.slice(0, -1), closed],
    json,
  };
  carryScan(prev, next);
  const withSchema: ToolCallModel = { ...next, schema: schemaAtEnd(run, next, json.state === 'valid') };
  carryScan(next, withSchema);
  return putCall(run, slot, withSchema);
}

export function toolCallResult(run: RunModel, e: ExpandedEvent, t: number): RunModel {
  const id = str(e.payload, 'toolCallId');
  if (id === undefined) return run;
  const result = { event: e.raw.index, t, messageId: str(e.payload, 'messageId') ?? '', content: e.payload['content'] };
  const slot = callLog.find(run.toolCalls, id);
  if (slot < 0) {
    const stray = { ...result, toolCallId: id, beforeEnd: false };
    return { ...run, unmatchedResults: [...(run.unmatchedResults ?? []), stray] };
  }
  const prev = logAt(run.toolCalls, slot) as ToolCallModel;
  const open = prev.status === 'streaming';
  const next: ToolCallModel = {
    ...prev,
    status: open ? 'streaming' : 'result',
    results: [...prev.results, { ...result, beforeEnd: open }],
  };
  carryScan(prev, next);
  return putCall(run, slot, next);
}

/** The run ended: open calls are unclosed; unanswered frontend calls await the app. */
export function settleCalls(run: RunModel, how: 'finished' | 'cut'): RunModel {
  let calls = run.toolCalls;
  for (let i = 0; i < calls.length; i++) {
    const c = logAt(calls, i) as ToolCallModel;
    const status = c.status === 'streaming' ? 'unclosed' : how === 'finished' && c.status === 'closed' && c.frontend ? 'pending' : c.status;
    if (status === c.status) continue;
    const next: ToolCallModel = { ...c, status };
    carryScan(c, next);
    calls = callLog.set(calls, i, next);
  }
  return calls === run.toolCalls ? run : withRun(run, run.lastEvent, run.messages, calls);
}
