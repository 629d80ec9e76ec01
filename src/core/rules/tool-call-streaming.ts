// Tool calls: the streaming discipline (open / extend / close, owners, ends of runs
// and streams). START also hands off to the reopen and history checks.
import type { RuleInfo } from '../findings.js';
import type { StreamEndInfo } from '../capture.js';
import { atWith, type EventCheck } from './check-types.js';
import type { At, Out } from './out.js';
import { list, ownerName, str, tagOf } from './payload.js';
import type { CallState, RunState } from './state.js';
import { checkReopen, checkRestreamed } from './tool-call-reopen.js';
import { checkArgsAtEnd } from './tool-call-args.js';

const SEQ = 'Tools › Error Handling';
const SEQ_TEXT =
  'The streaming pattern’s sequence rules apply unchanged: continuing or closing a call that is not open, or reopening one that is, is fatal.';

export const TOOL_CALL_STREAMING_RULES: readonly RuleInfo[] = [
  { id: 'tool-call/start-while-open', severity: 'error', fatal: true, client: 'both', needs: 'stream', specRef: SEQ, specText: SEQ_TEXT,
    explain: 'Send TOOL_CALL_END for the open call before starting it again, or use a new toolCallId.' },
  { id: 'tool-call/args-not-open', severity: 'error', fatal: true, client: 'both', needs: 'stream', specRef: SEQ, specText: SEQ_TEXT,
    explain: 'Send TOOL_CALL_START (again, to reopen) before TOOL_CALL_ARGS, and check the toolCallId is the one you opened.' },
  { id: 'tool-call/end-not-open', severity: 'error', fatal: true, client: 'both', needs: 'stream', specRef: SEQ, specText: SEQ_TEXT,
    explain: 'Send TOOL_CALL_END once per START, with the toolCallId that START opened.' },
  { id: 'tool-call/open-at-run-end', severity: 'error', fatal: false, client: 'both', needs: 'stream', specRef: SEQ,
    specText: 'A call left open when the run finishes is a violation.',
    explain: 'Close every tool call with TOOL_CALL_END before RUN_FINISHED.' },
  { id: 'tool-call/open-at-stream-end', severity: 'warning', fatal: false, client: 'no', needs: 'stream', specRef: 'Tools › Events; AG-UI draft › Streaming (truncation)',
    specText: 'A consumer MUST NOT act on the arguments before TOOL_CALL_END: until the call closes, the text is a prefix of whatever the producer is sending, not the thing itself.',
    explain: 'The arguments of these calls are incomplete and must not be acted on; find out why the body ended early.' },
  { id: 'tool-call/owner-mismatch', severity: 'error', fatal: true, client: '1.0', needs: 'stream', specRef: 'Tools › Events (TOOL_CALL_START); AG-UI docs › Subagents',
    specText: 'When the parent message is attributed to a subagent, the call MUST agree with that attribution — a tool call belongs to the message that carries it (see Subagents).',
    explain: 'Tag the call with the subagentRunId of the message that carries it (or leave it untagged), and continue it under the same tag.' },
];

function callAt(at: At, id: string): At {
  return atWith(at, { toolCallId: id });
}

export function onToolStart(c: EventCheck): void {
  const id = str(c.p, 'toolCallId');
  if (id === undefined) return;
  const { run, out } = c;
  const at = callAt(c.at, id);
  const existing = run.calls.get(id);
  if (existing?.open) {
    out.add('tool-call/start-while-open', `TOOL_CALL_START for '${id}', which is still open (started at event #${existing.lastStart}); the client rejects the stream here.`, at);
    return;
  }
  const name = str(c.p, 'toolCallName') ?? '';
  const parent = str(c.p, 'parentMessageId');
  const tag = tagOf(c.p);
  const owner = checkStartOwner(c, id, parent, tag, existing !== undefined, at);
  if (existing) {
    checkReopen(c, existing, name, parent, at);
    existing.open = true;
    existing.segments++;
    existing.lastStart = c.event.raw.index;
    return;
  }
  checkRestreamed(c, id, at);
  const call: CallState = {
    id, name, parent, owner, open: true, firstStart: c.event.raw.index, lastStart: c.event.raw.index,
    segments: 1, argsEvents: 0, args: [], results: [],
  };
  run.calls.set(id, call);
  if (parent !== undefined && !run.messageIds.has(parent)) run.messageIds.set(parent, 'the assistant message carrying a tool call');
}

/** Owner checks of a START, as the 1.0 client makes them; returns the call's owner. */
function checkStartOwner(c: EventCheck, id: string, parent: string | undefined, tag: string | undefined, reopen: boolean, at: At): string | undefined {
  const { run, out } = c;
  const owners = run.owners;
  const parentKnown = parent !== undefined && owners.message.has(parent);
  const parentOwner = parentKnown ? owners.message.get(parent) : undefined;
  const note = (kind: string, key: string): string =>
    run.ownerFromRequest.has(`${kind}:${key}`) ? ' (that owner is known only from the request body: the client, which never reads it, would not throw here)' : '';
  if (parentKnown && tag !== undefined && tag !== parentOwner) {
    out.add('tool-call/owner-mismatch', `TOOL_CALL_START '${id}' is tagged ${ownerName(tag)} but its parent message '${parent}' belongs to ${ownerName(parentOwner)}${note('message', parent ?? '')}. A tool call belongs to the message that carries it.`, at);
    return owners.toolCall.has(id) ? owners.toolCall.get(id) : parentOwner;
  }
  if (owners.toolCall.has(id)) {
    const known = owners.toolCall.get(id);
    const disagree = tag !== undefined ? tag !== known : parentKnown && parentOwner !== known;
    if (disagree) {
      const claimed = tag !== undefined ? `is tagged ${ownerName(tag)}` : `sits under parent message '${parent}' owned by ${ownerName(parentOwner)}`;
      const rule = reopen ? 'tool-call/reopen-owner-mismatch' : 'tool-call/owner-mismatch';
      out.add(rule, `TOOL_CALL_START '${id}' ${claimed}, but the call is owned by ${ownerName(known)}${reopen ? ' (it opened earlier in this run)' : ' (from history)'}${note('toolCall', id)}.`, at);
    }
    return known;
  }
  const owner = tag ?? parentOwner;
  owners.toolCall.set(id, owner);
  return owner;
}

function notOpen(run: RunState, id: string, c: EventCheck): string {
  const call = run.calls.get(id);
  if (call) return `already closed (TOOL_CALL_END at event #${call.lastEnd ?? '?'})`;
  if (c.input?.calls.has(id)) return 'never opened in this run (the id is in the input history: a new run must START it again to continue it)';
  return 'never opened in this run';
}

function checkContinuationOwner(c: EventCheck, id: string, at: At): void {
  const tag = tagOf(c.p);
  const owners = c.run.owners.toolCall;
  if (tag === undefined || !owners.has(id)) return;
  const owner = owners.get(id);
  if (tag !== owner) {
    c.out.add('tool-call/owner-mismatch', `${c.event.type} for '${id}' is tagged ${ownerName(tag)}, but the call's opener is ${ownerName(owner)}.`, at);
  }
}

/** ARGS and END both continue an open call: the call and its place, or undefined once reported as not open. */
function continuedCall(c: EventCheck, type: 'TOOL_CALL_ARGS' | 'TOOL_CALL_END', rule: 'tool-call/args-not-open' | 'tool-call/end-not-open'): { call: CallState; at: At } | undefined {
  const id = str(c.p, 'toolCallId');
  if (id === undefined) return undefined;
  const at = callAt(c.at, id);
  const call = c.run.calls.get(id);
  if (!call?.open) {
    c.out.add(rule, `${type} for '${id}', which is ${notOpen(c.run, id, c)}; the client rejects the stream here.`, at);
    return undefined;
  }
  checkContinuationOwner(c, id, at);
  return { call, at };
}

export function onToolArgs(c: EventCheck): void {
  const call = continuedCall(c, 'TOOL_CALL_ARGS', 'tool-call/args-not-open')?.call;
  if (!call) return;
  call.argsEvents++;
  call.args.push(str(c.p, 'delta') ?? '');
}

export function onToolEnd(c: EventCheck): void {
  const found = continuedCall(c, 'TOOL_CALL_END', 'tool-call/end-not-open');
  if (!found) return;
  const { call, at } = found;
  call.open = false;
  call.lastEnd = c.event.raw.index;
  checkArgsAtEnd(c, call, at);
}

function openCalls(run: RunState): CallState[] {
  return [...run.calls.values()].filter((call) => call.open);
}

export function toolCallsOpenAtRunEnd(run: RunState, at: At, out: Out): void {
  const open = openCalls(run);
  if (open.length === 0) return;
  out.add('tool-call/open-at-run-end', `RUN_FINISHED while ${open.length} tool call(s) are still open: ${list(open.map((call) => call.id))}. The client rejects the stream here.`,
    atWith(at, { events: [...at.events, ...open.map((call) => call.lastStart)], toolCallId: open[0]?.id }));
}

export function toolCallsOpenAtStreamEnd(run: RunState, end: StreamEndInfo | undefined, events: readonly number[], t: number, out: Out): void {
  const open = openCalls(run);
  if (open.length === 0) return;
  const why = end === undefined ? 'the body ended' : end.reason === 'aborted' || end.reason === 'cancelled' || end.reason === 'closed'
    ? `the page ${end.reason} the stream (the producer did not cut it off)`
    : end.reason === 'error' ? `the stream failed${end.error !== undefined ? ` (${end.error})` : ''}` : `the body ended (${end.reason}) without a terminal event`;
  out.add('tool-call/open-at-stream-end', `${why} with ${open.length} tool call(s) open: ${list(open.map((call) => call.id))}. Their arguments are incomplete; nothing may act on them.`,
    { events: open.map((call) => call.lastStart).concat(events), t, toolCallId: open[0]?.id });
}
