// The rule engine the pipeline calls around every model transition. It keeps its own
// verification state per stream (./state.ts) and never throws: a check that trips on a
// strange payload becomes an inspector/internal-error finding naming the check, and the
// other checks and the rest of the stream go on (an inspector shows what follows).
import type { A2uiCatalogue } from '../a2ui/catalogues.js';
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { Finding } from '../findings.js';
import type { Keyed } from '../keyed.js';
import type { ExpandIssue } from '../expand/types.js';
import type { RunModel, StreamModel } from '../model/types.js';
import type { RuleContext, RuleEngine } from './engine-types.js';
import { RULES, ruleOf, type RuleId } from '../catalogue/catalogue.js';
import { internalFinding } from '../internal-finding.js';
import { EVENT_CHECKS } from './event-checks.js';
import type { EventCheck } from './check-types.js';
import { checkNext } from './frontend-next.js';
import { checkResume } from './interrupt-resume.js';
import { indexInput } from './input-index.js';
import { checkHistoryAnswers } from './history-answers.js';
import { seedThread } from './model-lookup.js';
import type { At, Out } from './out.js';
import { asRec, str, type Rec } from './payload.js';
import { beginEvent, reportTruncation } from './run-lifecycle.js';
import { checkLineEnding, checkNamedEvent, checkRawProblems, hasOddLineEnding } from './runs-transport.js';
import { checkRequestFailure } from './transport.js';
import { newStream, type RunState, type StreamState } from './state.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Calls = ReadonlyMap<string, string>;

// Records here are object literals and the code module-level functions called on them,
// not classes or closures made per engine: rule 1 of docs/performance.md, "The core's performance rules".

/** Where one engine call's findings go; onEvent switches `run` once the event's run is known. */
interface Sink extends Out {
  findings: Finding[];
  readonly streamId: string;
  run: RunState | undefined;
  ctx: RuleContext;
  /** The check named `check` threw: the inspector's own failure, reported as a finding. */
  failed(check: string, error: unknown, at: At | undefined): void;
}

function sinkFailed(this: Sink, check: string, error: unknown, at: At | undefined): void {
  this.findings.push(internalFinding(this.streamId, `the ${check} check`, error, at?.t ?? 0, at?.events ?? []));
}

function sinkAdd(this: Sink, rule: RuleId, message: string, at: At): void {
  const { streamId, run, ctx } = this;
  const threadId = at.threadId ?? run?.threadId ?? ctx.runAfter?.threadId;
  const runId = at.runId ?? run?.runId ?? ctx.runAfter?.runId;
  const finding: Keyed<Finding> = {
    rule,
    severity: ruleOf(rule).severity,
    message,
    streamId: at.streamId ?? streamId,
    threadId,
    runId,
    events: [...new Set(at.events)],
    toolCallId: at.toolCallId,
    messageId: at.messageId,
    t: at.t,
  };
  this.findings.push(finding);
}

function newSink(streamId: string, run: RunState | undefined, ctx: RuleContext): Sink {
  return { findings: [], streamId, run, ctx, add: sinkAdd, failed: sinkFailed };
}

/** What a call that found nothing returns: shared, frozen (a caller that writes to it fails loudly). */
const NOTHING = Object.freeze([]) as unknown as Finding[];

/**
 * The findings a reused sink collected in this call, handed over; the sink starts the
 * next call with a fresh list only when this one was used (nearly every event finds nothing).
 */
function takeFindings(out: Sink): Finding[] {
  const found = out.findings;
  if (found.length === 0) return NOTHING;
  out.findings = [];
  return found;
}

/** Runs one check; a throw is reported as the inspector's own failure in that check. */
function guarded(out: Sink, check: string, at: At | undefined, body: () => void): Finding[] {
  try {
    body();
  } catch (error) {
    out.failed(check, error, at);
  }
  return out.findings;
}

/** A check added beside the catalogue's (tests use one that throws). */
export interface ExtraEventCheck {
  readonly name: string;
  check(c: EventCheck): void;
}

export interface RuleEngineOptions {
  readonly extraChecks?: readonly ExtraEventCheck[];
  /**
   * A new check record and place per event instead of the engine's reused ones. Only
   * engine-reuse.test.ts sets it: a check that keeps either past its call judges
   * differently with and without it, and that test fails.
   */
  readonly freshPerEvent?: boolean;
  /** The application's A2UI catalogue (a2ui/unknown-component judges against it). */
  readonly a2uiCatalogue?: A2uiCatalogue;
}

const isUnknown = (event: ExpandedEvent): boolean =>
  event.type === '' ||
  (!event.synthesized &&
    Array.isArray(event.raw.problems) &&
    event.raw.problems.length > 0 &&
    event.raw.problems.some((p) => p.kind === 'unknown-type'));

/** One engine's state; its methods are the module-level functions below, called on it. */
interface Engine extends RuleEngine {
  readonly extraChecks: readonly ExtraEventCheck[];
  readonly a2uiCatalogue: A2uiCatalogue | undefined;
  readonly streams: Map<string, StreamState>;
  /** The stream state stateOf handed out last. */
  lastStream: StreamState | undefined;
  // One sink per stream, reused by onEvent (the engine is never re-entered): a sink per
  // event showed in allocation profiles.
  readonly sinks: WeakMap<StreamState, Sink>;
  /** Call ids streamed on a thread → run key; seeded once from the model for runs we never saw. */
  readonly threads: Map<string, Map<string, string>>;
  // The place and the check record of the event being judged: one of each per engine,
  // refilled per event (the engine is never re-entered and out.add copies what it keeps).
  // A check must not keep either (or `at.events`) past its call: engine-reuse.test.ts
  // fails when one does. Two records per event showed in profiles.
  readonly freshPerEvent: boolean;
  readonly one: number[];
  readonly two: number[];
  readonly place: { events: readonly number[]; t: number };
  check: Mutable<EventCheck> | undefined;
}

function sinkOf(e: Engine, st: StreamState, run: RunState | undefined, ctx: RuleContext): Sink {
  let out = e.sinks.get(st);
  if (out === undefined) e.sinks.set(st, (out = newSink(st.streamId, run, ctx)));
  out.run = run;
  out.ctx = ctx;
  return out;
}

function stateOf(e: Engine, id: string): StreamState {
  // Nearly every call names the stream the last one did: no Map lookup then.
  const last = e.lastStream;
  if (last !== undefined && last.streamId === id) return last;
  let st = e.streams.get(id);
  if (!st) e.streams.set(id, (st = newStream(id)));
  e.lastStream = st;
  return st;
}

function threadCallsOf(e: Engine, threadId: string | undefined, ctx: RuleContext): Map<string, string> {
  if (threadId === undefined || threadId === '') return new Map();
  let calls = e.threads.get(threadId);
  if (!calls) e.threads.set(threadId, (calls = seedThread(ctx, threadId, ctx.runAfter?.key)));
  return calls;
}

function placeOf(e: Engine, index: number, closer: number | undefined, t: number): At {
  if (e.freshPerEvent) return { events: closer === undefined ? [index] : [index, closer], t };
  const place = e.place;
  if (closer === undefined) {
    e.one[0] = index;
    place.events = e.one;
  } else {
    e.two[0] = index;
    e.two[1] = closer;
    place.events = e.two;
  }
  place.t = t;
  return place;
}

/** The per-event check record: the engine's reused one refilled (the sink carries the context). */
function checkOf(e: Engine, run: RunState, event: ExpandedEvent, p: Rec, at: At, out: Sink, calls: Calls): EventCheck {
  const ctx = out.ctx;
  const check = e.check;
  if (check === undefined || e.freshPerEvent)
    return (e.check = {
      run,
      event,
      p,
      at,
      out,
      ctx,
      input: run.input,
      threadCalls: calls,
      a2uiCatalogue: e.a2uiCatalogue,
    });
  check.run = run;
  check.event = event;
  check.p = p;
  check.at = at;
  check.out = out;
  check.ctx = ctx;
  check.input = run.input;
  check.threadCalls = calls;
  return check;
}

function onRawEvent(this: Engine, raw: RawEvent, ctx: RuleContext): Finding[] {
  const st = stateOf(this, ctx.streamId);
  if (st.lastRaw === undefined) st.lastRaw = { index: raw.index, t: raw.t };
  else {
    st.lastRaw.index = raw.index;
    st.lastRaw.t = raw.t;
  }
  // Nearly every event decoded cleanly on a stream with nothing (more) to say about
  // its line endings: answer without a sink and a closure per event.
  if (
    Array.isArray(raw.problems) &&
    raw.problems.length === 0 &&
    (raw.sseEvent === undefined || st.namedEventReported) &&
    (st.crlfReported || !hasOddLineEnding(ctx.stream(ctx.streamId)))
  )
    return NOTHING;
  const out = newSink(ctx.streamId, st.run, ctx);
  return guarded(out, 'raw event', { events: [raw.index], t: raw.t }, () => {
    const stream = ctx.stream(ctx.streamId);
    checkRawProblems(raw, stream, out);
    if (!st.crlfReported) st.crlfReported = checkLineEnding(stream, { events: [raw.index], t: raw.t }, out);
    if (!st.namedEventReported) st.namedEventReported = checkNamedEvent(raw, stream, out);
  });
}
function onExpandIssue(this: Engine, issue: ExpandIssue, ctx: RuleContext): Finding[] {
  const st = stateOf(this, ctx.streamId);
  const out = newSink(ctx.streamId, st.run, ctx);
  // Implicit ENDs are reported from the synthesized event itself (with what closed it).
  if (issue.rule === 'tool-call/chunk-implicit-end') return [];
  const at = { events: [issue.raw.index], t: issue.raw.t, toolCallId: issue.toolCallId };
  return guarded(out, 'chunk expansion', at, () => out.add(issue.rule, issue.message, at));
}
function onEvent(this: Engine, event: ExpandedEvent, ctx: RuleContext): Finding[] {
  const st = stateOf(this, ctx.streamId);
  if (isUnknown(event)) return NOTHING;
  // Findings of the run frame (beginEvent) name the run as it was; the rest the event's run.
  const out = sinkOf(this, st, st.run, ctx);
  const p = asRec(event.payload) ?? {};
  const closer = event.closedBy && event.closedBy.index !== event.raw.index ? event.closedBy.index : undefined;
  const at = placeOf(this, event.raw.index, closer, event.raw.t);
  // Inline try/catch rather than guarded(): no closures or names built per event.
  let run: RunState | undefined;
  try {
    run = beginEvent(st, event, p, ctx, at, out);
  } catch (error) {
    out.failed('run frame', error, at);
  }
  if (!run) return takeFindings(out);
  out.run = run;
  const input = ctx.runAfter?.input;
  const fresh = input !== undefined && run.inputFrom !== input;
  if (fresh) {
    run.input = indexInput(input);
    run.inputFrom = input;
  }
  const threadId = run.threadId ?? ctx.runAfter?.threadId;
  // Looked up once per run and thread, not per event.
  const cached = run.threadCalls;
  let calls = cached !== undefined && cached.threadId === threadId ? cached.calls : undefined;
  if (calls === undefined) {
    calls = threadCallsOf(this, threadId, ctx);
    if (threadId !== undefined && threadId !== '') run.threadCalls = { threadId, calls };
  }
  if (fresh && !run.historyChecked && run.input !== undefined) {
    run.historyChecked = true;
    const history = run.input;
    const earlier = calls;
    const where: At = { events: [event.raw.index], t: event.raw.t };
    guarded(out, 'request history', where, () => checkHistoryAnswers(history, input.raw, earlier, where, out));
  }
  const c = checkOf(this, run, event, p, at, out, calls);
  try {
    const checks = EVENT_CHECKS.get(event.type);
    if (checks !== undefined) for (const check of checks) check(c);
  } catch (error) {
    out.failed(`${event.type} event`, error, at);
  }
  for (const extra of this.extraChecks) guarded(out, extra.name, at, () => extra.check(c));
  if (event.type === 'TOOL_CALL_START') {
    const id = str(p, 'toolCallId');
    if (id !== undefined && !calls.has(id)) calls.set(id, run.runKey);
  }
  return takeFindings(out);
}
function onRunEnd(this: Engine, run: RunModel, ctx: RuleContext): Finding[] {
  const st = stateOf(this, run.streamId);
  const out = newSink(run.streamId, st.run, ctx);
  // A cut-off run is judged with its stream's end (onStreamEnd comes first); this covers a facade that only ends runs.
  if (st.closed || (run.status !== 'truncated' && run.status !== 'aborted')) return [];
  return guarded(out, 'run end', { events: [run.lastEvent], t: run.endedAt ?? run.startedAt }, () => {
    // While the body goes on, a run ends without a terminal only because RUN_STARTED cut it
    // off: that is run/started-while-active or (an implicit run) run/first-event, not truncation.
    const stream = ctx.stream(run.streamId);
    if (stream?.end === undefined) return;
    reportTruncation(ctx, st, stream, out, run.endedAt ?? run.startedAt);
  });
}
function onStreamEnd(this: Engine, stream: StreamModel, ctx: RuleContext): Finding[] {
  const id = stream.info.streamId;
  const st = stateOf(this, id);
  this.sinks.delete(st);
  const out = newSink(id, st.run, ctx);
  const at: At = {
    events: st.lastRaw ? [st.lastRaw.index] : [],
    t: stream.end?.t ?? st.lastRaw?.t ?? stream.info.startedAt,
  };
  return guarded(out, 'stream end', at, () => {
    checkRequestFailure(stream, ctx.run(`${id}#0`), out);
    if (stream.info.encoding === 'none') {
      st.closed = true;
      return;
    }
    if (!st.crlfReported) st.crlfReported = checkLineEnding(stream, at, out);
    reportTruncation(ctx, st, stream, out, at.t);
    st.closed = true;
    st.run = undefined;
  });
}
function onRunFollowed(this: Engine, previous: RunModel, next: RunModel, ctx: RuleContext): Finding[] {
  const out = newSink(previous.streamId, undefined, ctx);
  return guarded(out, 'next run', { events: [next.firstEvent], t: next.startedAt }, () => {
    checkNext(previous, next, out);
    checkResume(previous, next, out);
  });
}

export function createRuleEngine(options: RuleEngineOptions = {}): RuleEngine {
  const engine: Engine = {
    rules: RULES,
    extraChecks: options.extraChecks ?? [],
    a2uiCatalogue: options.a2uiCatalogue,
    streams: new Map(),
    lastStream: undefined,
    sinks: new WeakMap(),
    threads: new Map(),
    freshPerEvent: options.freshPerEvent ?? false,
    one: [0],
    two: [0, 0],
    place: { events: [], t: 0 },
    check: undefined,
    onRawEvent,
    onExpandIssue,
    onEvent,
    onRunEnd,
    onStreamEnd,
    onRunFollowed,
  };
  return engine;
}
