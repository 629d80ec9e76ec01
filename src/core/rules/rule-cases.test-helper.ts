// Test builders: drive the engine directly with hand-built raw/expanded events and
// minimal models, so rule tests do not depend on the decoder, expander or reducer.
import { expect, it } from 'vitest';
import type { StreamEndInfo } from '../capture.js';
import type { EventProblem, ExpandedEvent, RawEvent } from '../events/types.js';
import type { Finding } from '../findings.js';
import type { LineEnding, RunInputModel, RunModel, SessionModel, StreamModel, ToolCallModel } from '../model/types.js';
import type { RuleContext, RuleEngine } from './engine-types.js';
import { createRuleEngine } from './engine.js';
import { applyEvent } from '../reduce/apply-event.js';
import { createStore } from '../reduce/store.js';
import { applyRawEvent, applyStreamEnd, applyStreamOpen } from '../reduce/stream-ops.js';
import { getRun, getStream, getThread, storeLookups, streamEntry, type StoreLookups } from '../reduce/lookup.js';
import type { RuleId } from '../catalogue/catalogue.js';

export type Ev = Readonly<Record<string, unknown>>;

/** A step of a hand-built stream: a wire event, or something the expander would make. */
export type Step =
  | Ev
  | { readonly issue: string; readonly toolCallId?: string }
  | { readonly synth: Ev; readonly as: NonNullable<ExpandedEvent['synthesized']>; readonly closedByPrev?: boolean }
  | { readonly problems: readonly EventProblem[]; readonly type?: string; readonly payload?: unknown };

export interface InputSpec {
  readonly threadId?: string;
  readonly runId?: string;
  readonly tools?: readonly { readonly name: string; readonly parameters?: unknown }[];
  readonly messages?: readonly unknown[];
}

export interface StreamSpec {
  readonly streamId?: string;
  readonly input?: InputSpec;
  readonly lineEnding?: LineEnding;
  readonly encoding?: 'sse' | 'proto';
  /** How the body ended; null = not ended (no onStreamEnd). Default: complete. */
  readonly end?: StreamEndInfo | null;
  readonly status?: number;
}

export function inputModel(spec: InputSpec): RunInputModel {
  return {
    threadId: spec.threadId,
    runId: spec.runId,
    tools: spec.tools ?? [],
    messages: spec.messages ?? [],
    raw: spec,
  };
}

export function toolCall(fields: Partial<ToolCallModel> & { toolCallId: string }): ToolCallModel {
  return {
    version: 1,
    name: 'tool',
    names: [fields.name ?? 'tool'],
    frontend: false,
    advertised: false,
    status: 'closed',
    segments: [{ startEvent: 1, startT: 1, name: fields.name ?? 'tool' }],
    deltas: [],
    args: '{}',
    json: { state: 'valid' },
    schema: { state: 'not-applicable' },
    results: [],
    fromChunks: false,
    ...fields,
  };
}

export function runModel(fields: Partial<RunModel> & { key: string }): RunModel {
  return {
    version: 1,
    streamId: fields.key.split('#')[0] ?? 's',
    ordinal: 1,
    threadId: 't1',
    runId: 'r1',
    inputSource: 'none',
    status: 'finished',
    startedAt: 1000,
    firstEvent: 0,
    lastEvent: 0,
    toolCalls: [],
    messages: [],
    activities: [],
    ...fields,
  };
}

export function streamModel(spec: StreamSpec, end?: StreamEndInfo): StreamModel {
  return {
    version: 1,
    info: {
      streamId: spec.streamId ?? 's1',
      transport: 'fetch',
      encoding: spec.encoding ?? 'sse',
      url: 'http://agent/run',
      method: 'POST',
      requestHeaders: {},
      status: spec.status ?? 200,
      contentType: 'text/event-stream',
      startedAt: 1000,
    },
    chunks: [],
    bytes: 0,
    lineEnding: spec.lineEnding ?? 'lf',
    rawEvents: [],
    expanded: [],
    runKeys: [],
    ...(end ? { end } : {}),
  };
}

const isIssue = (s: Step): s is { issue: string; toolCallId?: string } => typeof (s as Ev)['issue'] === 'string';
const isSynth = (s: Step): s is { synth: Ev; as: NonNullable<ExpandedEvent['synthesized']>; closedByPrev?: boolean } =>
  typeof (s as Ev)['synth'] === 'object';
const isProblem = (s: Step): s is { problems: readonly EventProblem[]; type?: string; payload?: unknown } =>
  Array.isArray((s as Ev)['problems']);

/** Lookups over a hand-built model, for tests that drive the engine with one. */
export function modelLookups(model: SessionModel): StoreLookups {
  return {
    stream: (streamId) => getStream(model, streamId),
    run: (key) => getRun(model, key),
    call: (key, id) => getRun(model, key)?.toolCalls.find((c) => c.toolCallId === id),
    thread: (threadId) => getThread(model, threadId),
  };
}

/** The request body a spec's input stands for; ids default to the stream's first RUN_STARTED. */
function requestBodyOf(spec: StreamSpec, steps: readonly Step[]): string | undefined {
  if (!spec.input) return undefined;
  const started = steps.find(
    (s) => !isIssue(s) && !isSynth(s) && !isProblem(s) && (s as Ev)['type'] === 'RUN_STARTED',
  ) as Ev | undefined;
  const threadId = spec.input.threadId ?? (typeof started?.['threadId'] === 'string' ? started['threadId'] : 't1');
  const runId = spec.input.runId ?? (typeof started?.['runId'] === 'string' ? started['runId'] : 'r1');
  return JSON.stringify({ threadId, runId, tools: spec.input.tools ?? [], messages: spec.input.messages ?? [] });
}

/**
 * Feeds a stream through the engine as the facade does: each event into a real store
 * first (the rules read the reducer's records), then to the engine. Expansion is
 * scripted by the steps, so rule tests do not depend on the decoder or the expander.
 */
export function judge(
  steps: readonly Step[],
  spec: StreamSpec = {},
  engine: RuleEngine = createRuleEngine(),
): Finding[] {
  const streamId = spec.streamId ?? 's1';
  const store = createStore();
  const body = requestBodyOf(spec, steps);
  applyStreamOpen(store, {
    ...streamModel(spec).info,
    ...(body !== undefined ? { requestBody: body } : {}),
  });
  const lookups = storeLookups(store);
  const ctxNow = (): RuleContext => {
    const runAfter = streamEntry(store, streamId)?.last?.run;
    return runAfter
      ? { streamId, after: store.model, runAfter, ...lookups }
      : { streamId, after: store.model, ...lookups };
  };
  const out: Finding[] = [];
  let index = 0;
  let prev: RawEvent | undefined;
  const onEvent = (event: ExpandedEvent): void => {
    applyEvent(store, event, event.raw.t);
    out.push(...engine.onEvent(event, ctxNow()));
  };
  for (const step of steps) {
    if (isIssue(step)) {
      const raw = prev ?? makeRaw(streamId, 0, {}, []);
      out.push(
        ...engine.onExpandIssue(
          {
            rule: step.issue as RuleId,
            message: `issue ${step.issue}`,
            raw,
            ...(step.toolCallId ? { toolCallId: step.toolCallId } : {}),
          },
          ctxNow(),
        ),
      );
      continue;
    }
    if (isSynth(step)) {
      const raw = prev ?? makeRaw(streamId, 0, {}, []);
      onEvent({
        type: String(step.synth['type']),
        payload: step.synth,
        raw,
        synthesized: step.as,
        ...(step.closedByPrev ? { closedBy: raw } : {}),
      });
      continue;
    }
    const payload: Ev = isProblem(step) ? ((step.payload as Ev | undefined) ?? {}) : step;
    const raw = makeRaw(
      streamId,
      index++,
      payload,
      isProblem(step) ? step.problems : [],
      isProblem(step) ? step.type : undefined,
    );
    prev = raw;
    applyRawEvent(store, raw, spec.lineEnding ?? 'lf');
    out.push(...engine.onRawEvent(raw, ctxNow()));
    if (raw.type !== '' && typeof raw.payload === 'object') onEvent({ type: raw.type, payload, raw });
  }
  if (spec.end !== null) {
    const end = spec.end ?? { reason: 'complete', t: 9999 };
    const runBefore = streamEntry(store, streamId)?.last?.run;
    const active = runBefore?.status === 'running' ? runBefore : undefined;
    applyStreamEnd(store, streamId, end);
    const stream = streamEntry(store, streamId)?.stream;
    if (stream)
      out.push(
        ...engine.onStreamEnd(
          stream,
          active
            ? { streamId, after: store.model, runAfter: active, ...lookups }
            : { streamId, after: store.model, ...lookups },
        ),
      );
  }
  return out;
}

function makeRaw(
  streamId: string,
  index: number,
  payload: Ev,
  problems: readonly EventProblem[],
  type?: string,
): RawEvent {
  const t = typeof payload['type'] === 'string' ? payload['type'] : '';
  return {
    index,
    streamId,
    t: 1000 + index,
    span: { start: index * 10, end: index * 10 + 9 },
    type: type ?? t,
    payload,
    problems,
  };
}

export function rulesOf(findings: readonly Finding[]): string[] {
  return findings.map((f) => f.rule);
}

export function only(findings: readonly Finding[], rule: string): Finding[] {
  return findings.filter((f) => f.rule === rule);
}

// Event builders: the common shapes, so tables read as streams.
export const ev = {
  started: (runId = 'r1', threadId = 't1', extra: Ev = {}): Ev => ({ type: 'RUN_STARTED', threadId, runId, ...extra }),
  finished: (runId = 'r1', threadId = 't1', extra: Ev = {}): Ev => ({
    type: 'RUN_FINISHED',
    threadId,
    runId,
    ...extra,
  }),
  error: (message = 'boom'): Ev => ({ type: 'RUN_ERROR', message }),
  start: (toolCallId: string, toolCallName = 'search', extra: Ev = {}): Ev => ({
    type: 'TOOL_CALL_START',
    toolCallId,
    toolCallName,
    ...extra,
  }),
  args: (toolCallId: string, delta = '{}', extra: Ev = {}): Ev => ({
    type: 'TOOL_CALL_ARGS',
    toolCallId,
    delta,
    ...extra,
  }),
  end: (toolCallId: string, extra: Ev = {}): Ev => ({ type: 'TOOL_CALL_END', toolCallId, ...extra }),
  result: (toolCallId: string, messageId: string, content: unknown = 'ok'): Ev => ({
    type: 'TOOL_CALL_RESULT',
    toolCallId,
    messageId,
    content,
  }),
  text: (messageId: string, extra: Ev = {}): Ev => ({
    type: 'TEXT_MESSAGE_START',
    messageId,
    role: 'assistant',
    ...extra,
  }),
  content: (messageId: string, delta = 'hi', extra: Ev = {}): Ev => ({
    type: 'TEXT_MESSAGE_CONTENT',
    messageId,
    delta,
    ...extra,
  }),
  textEnd: (messageId: string, extra: Ev = {}): Ev => ({ type: 'TEXT_MESSAGE_END', messageId, ...extra }),
};

/** START + ARGS + END of one call. */
export function call(id: string, name = 'search', args = '{}', extra: Ev = {}): Ev[] {
  return [ev.start(id, name, extra), ev.args(id, args), ev.end(id)];
}

/** One table row: a stream that must trigger `rule`, and a close variant that must not. */
export interface RuleCase {
  readonly rule: string;
  readonly fires: readonly Step[];
  readonly clean: readonly Step[];
  readonly spec?: StreamSpec;
  readonly cleanSpec?: StreamSpec;
  /** Words the finding's message must contain (concrete ids and values). */
  readonly says?: readonly string[];
}

/** One test per row, the same check for every rule table: fires on `fires`, silent on `clean`. */
export function testRuleCases(cases: readonly RuleCase[]): void {
  for (const c of cases) {
    it(`${c.rule}: fires on a violating stream and not on its close variant`, () => {
      const found = only(judge(c.fires, c.spec), c.rule);
      expect(found.length).toBeGreaterThan(0);
      for (const word of c.says ?? []) expect(found[0]?.message).toContain(word);
      expect(only(judge(c.clean, c.cleanSpec ?? c.spec), c.rule)).toEqual([]);
    });
  }
}
