// Tool calls: the streaming discipline (open / extend / close, owners, ends of runs
// and streams). START also hands off to the reopen and history checks.
import type { StreamEndInfo } from '../capture.js';
import { atWith, type EventCheck } from './check-types.js';
import type { At, Out } from './out.js';
import { list, ownerName, str, tagOf } from './payload.js';
import type { RunState } from './state.js';
import { callFor, callsOfRun, isOpen, lastEnd, lastStart, type Call } from './calls.js';
import type { RuleContext } from './engine-types.js';
import { checkReopen, checkRestreamed } from './tool-call-reopen.js';
import { checkArgsAtEnd } from './tool-call-args.js';
import { TOOL_CALL_ARGS_RULES } from '../catalogue/tool-call-args.js';

const ARGS_VERDICTS: ReadonlySet<string> = new Set(TOOL_CALL_ARGS_RULES.map((r) => r.id));

function callAt(at: At, id: string): At {
  return atWith(at, { toolCallId: id });
}

export function onToolStart(c: EventCheck): void {
  const id = str(c.p, 'toolCallId');
  if (id === undefined) return;
  const { run, out } = c;
  const at = callAt(c.at, id);
  const call = callFor(c, id);
  const index = c.event.raw.index;
  // The reducer opened a segment at this event unless the call was already open.
  const took = call !== undefined && lastStart(call) === index;
  if (call !== undefined && !took) {
    if (isOpen(call)) {
      out.add(
        'tool-call/start-while-open',
        `TOOL_CALL_START for '${id}', which is still open (started at event #${lastStart(call)}); the client rejects the stream here.`,
        at,
      );
    }
    return;
  }
  const name = str(c.p, 'toolCallName') ?? '';
  const parent = str(c.p, 'parentMessageId');
  const tag = tagOf(c.p);
  const reopen = call !== undefined && call.segments.length > 1;
  checkStartOwner(c, id, parent, tag, reopen, at);
  if (reopen) {
    checkReopen(c, call, name, parent, at);
    withdrawArgsVerdicts(c, id);
    return;
  }
  checkRestreamed(c, id, at);
  if (parent !== undefined && !run.messageIds.has(parent))
    run.messageIds.set(parent, 'the assistant message carrying a tool call');
}

/**
 * A reopen makes the argument verdicts of the call's earlier END premature: its text goes
 * on. They are taken back; the next END judges the whole text again (and a call left open
 * is reported as open, not as bad arguments).
 */
function withdrawArgsVerdicts(c: EventCheck, id: string): void {
  const streamId = c.ctx.streamId;
  const runId = c.run.runId;
  c.ctx.withdraw?.(
    (f) => ARGS_VERDICTS.has(f.rule) && f.toolCallId === id && f.streamId === streamId && f.runId === runId,
  );
}

/** Owner checks of a START, as the 1.0 client makes them. */
/** Said of an owner the request body alone gave (a function, not a closure per START: see follow.ts). */
function requestOnlyNote(run: RunState, kind: string, key: string): string {
  return run.ownerFromRequest.has(`${kind}:${key}`)
    ? ' (that owner is known only from the request body: the client, which never reads it, would not throw here)'
    : '';
}

function checkStartOwner(
  c: EventCheck,
  id: string,
  parent: string | undefined,
  tag: string | undefined,
  reopen: boolean,
  at: At,
): void {
  const { run, out } = c;
  const owners = run.owners;
  const parentKnown = parent !== undefined && owners.message.has(parent);
  const parentOwner = parentKnown ? owners.message.get(parent) : undefined;
  if (parentKnown && tag !== undefined && tag !== parentOwner) {
    out.add(
      'tool-call/owner-mismatch',
      `TOOL_CALL_START '${id}' is tagged ${ownerName(tag)} but its parent message '${parent}' belongs to ${ownerName(parentOwner)}${requestOnlyNote(run, 'message', parent ?? '')}. A tool call belongs to the message that carries it.`,
      at,
    );
    return;
  }
  if (owners.toolCall.has(id)) {
    const known = owners.toolCall.get(id);
    const disagree = tag !== undefined ? tag !== known : parentKnown && parentOwner !== known;
    if (disagree) {
      const claimed =
        tag !== undefined
          ? `is tagged ${ownerName(tag)}`
          : `sits under parent message '${parent}' owned by ${ownerName(parentOwner)}`;
      const rule = reopen ? 'tool-call/reopen-owner-mismatch' : 'tool-call/owner-mismatch';
      out.add(
        rule,
        `TOOL_CALL_START '${id}' ${claimed}, but the call is owned by ${ownerName(known)}${reopen ? ' (it opened earlier in this run)' : ' (from history)'}${requestOnlyNote(run, 'toolCall', id)}.`,
        at,
      );
    }
    return;
  }
  owners.toolCall.set(id, tag ?? parentOwner);
}

function notOpen(call: Call | undefined, id: string, c: EventCheck): string {
  if (call) return `already closed (TOOL_CALL_END at event #${lastEnd(call) ?? '?'})`;
  if (c.input?.calls.has(id))
    return 'never opened in this run (the id is in the input history: a new run must START it again to continue it)';
  return 'never opened in this run';
}

function checkContinuationOwner(c: EventCheck, id: string, at: At): void {
  const tag = tagOf(c.p);
  const owners = c.run.owners.toolCall;
  if (tag === undefined || !owners.has(id)) return;
  const owner = owners.get(id);
  if (tag !== owner) {
    c.out.add(
      'tool-call/owner-mismatch',
      `${c.event.type} for '${id}' is tagged ${ownerName(tag)}, but the call's opener is ${ownerName(owner)}.`,
      at,
    );
  }
}

/** ARGS and END both continue an open call: the call, or undefined once reported as not open. */
function continuedCall(
  c: EventCheck,
  id: string,
  type: 'TOOL_CALL_ARGS' | 'TOOL_CALL_END',
  rule: 'tool-call/args-not-open' | 'tool-call/end-not-open',
): Call | undefined {
  const call = callFor(c, id);
  // ARGS leaves a call open; an END the reducer took closed the last segment at this event.
  const wasOpen =
    call !== undefined && (type === 'TOOL_CALL_ARGS' ? isOpen(call) : lastEnd(call) === c.event.raw.index);
  if (!wasOpen) {
    c.out.add(
      rule,
      `${type} for '${id}', which is ${notOpen(call, id, c)}; the client rejects the stream here.`,
      callAt(c.at, id),
    );
    return undefined;
  }
  // Only a tagged continuation can disagree with its opener: the place is built for it alone.
  if (tagOf(c.p) !== undefined) checkContinuationOwner(c, id, callAt(c.at, id));
  return call;
}

export function onToolArgs(c: EventCheck): void {
  const id = str(c.p, 'toolCallId');
  if (id !== undefined) continuedCall(c, id, 'TOOL_CALL_ARGS', 'tool-call/args-not-open');
}

export function onToolEnd(c: EventCheck): void {
  const id = str(c.p, 'toolCallId');
  if (id === undefined) return;
  const call = continuedCall(c, id, 'TOOL_CALL_END', 'tool-call/end-not-open');
  if (call) checkArgsAtEnd(c, call, callAt(c.at, id));
}

function openCalls(ctx: RuleContext, run: RunState): Call[] {
  return callsOfRun(ctx, run.runKey).filter(isOpen);
}

export function toolCallsOpenAtRunEnd(ctx: RuleContext, run: RunState, at: At, out: Out): void {
  const open = openCalls(ctx, run);
  if (open.length === 0) return;
  out.add(
    'tool-call/open-at-run-end',
    `RUN_FINISHED while ${open.length} tool call(s) are still open: ${list(open.map((call) => call.toolCallId))}. The client rejects the stream here.`,
    atWith(at, { events: [...at.events, ...open.map(lastStart)], toolCallId: open[0]?.toolCallId }),
  );
}

export function toolCallsOpenAtStreamEnd(
  ctx: RuleContext,
  run: RunState,
  end: StreamEndInfo | undefined,
  events: readonly number[],
  t: number,
  out: Out,
): void {
  const open = openCalls(ctx, run);
  if (open.length === 0) return;
  const why =
    end === undefined
      ? 'the body ended'
      : end.reason === 'aborted' || end.reason === 'cancelled' || end.reason === 'closed'
        ? `the page ${end.reason} the stream (the producer did not cut it off)`
        : end.reason === 'error'
          ? `the stream failed${end.error !== undefined ? ` (${end.error})` : ''}`
          : `the body ended (${end.reason}) without a terminal event`;
  out.add(
    'tool-call/open-at-stream-end',
    `${why} with ${open.length} tool call(s) open: ${list(open.map((call) => call.toolCallId))}. Their arguments are incomplete; nothing may act on them.`,
    { events: open.map(lastStart).concat(events), t, toolCallId: open[0]?.toolCallId },
  );
}
