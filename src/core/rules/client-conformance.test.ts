// The panel's "the official client throws here" badge must be true: for each stream, our
// findings marked client 'both'/'1.0' exist exactly when the real @ag-ui/client 1.0
// pipeline (enforceEvents → transformChunks → verifyEvents) rejects it. Each violating
// stream breaks only rules of that kind, so the comparison is exact.
import { enforceEvents, parseSSEStream, transformChunks, verifyEvents } from '@ag-ui/client';
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ruleById } from '../catalogue/catalogue.js';
import { call, ev, type Ev } from './rule-cases.test-helper.js';
import { inspect, sseBytes } from './pipeline.test-helper.js';

const S = ev.started();
const F = ev.finished();
const chunk = (extra: Ev): Ev => ({ type: 'TOOL_CALL_CHUNK', ...extra });
const step = (type: string, stepName: string, extra: Ev = {}): Ev => ({ type, stepName, ...extra });

async function clientRejects(events: readonly Ev[]): Promise<string | undefined> {
  try {
    await lastValueFrom(from(events as never[]).pipe(enforceEvents(), transformChunks(), verifyEvents(), toArray()));
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

const clean: Record<string, readonly Ev[]> = {
  'text and a tool call with its result': [
    S,
    ev.text('m1'),
    ev.content('m1'),
    ev.textEnd('m1'),
    ...call('c1', 'search', '{}', { parentMessageId: 'm1' }),
    ev.result('c1', 'r1'),
    F,
  ],
  'a reopened call (legal; name and parent disagreements are not enforced)': [
    S,
    ...call('c1', 'a'),
    ev.start('c1', 'b', { parentMessageId: 'zz' }),
    ev.args('c1', '{}'),
    ev.end('c1'),
    F,
  ],
  'two runs in one stream': [S, ...call('c1'), F, ev.started('r2'), ...call('c2'), ev.finished('r2')],
  'a chunked call closed by RUN_FINISHED': [
    S,
    chunk({ toolCallId: 'c1', toolCallName: 'x', delta: '{"a"' }),
    chunk({ delta: ':1}' }),
    F,
  ],
  'a late RUN_ERROR after RUN_FINISHED': [S, F, ev.error('late')],
  'a subagent call that agrees with its parent message': [
    S,
    ev.text('m1', { subagentRunId: 's1' }),
    ev.textEnd('m1', { subagentRunId: 's1' }),
    ...call('c1', 'x', '{}', { parentMessageId: 'm1', subagentRunId: 's1' }),
    F,
  ],
  'balanced steps, reasoning and subagents': [
    S,
    step('STEP_STARTED', 'p'),
    { type: 'REASONING_START', messageId: 'z' },
    { type: 'REASONING_END', messageId: 'z' },
    { type: 'SUBAGENT_STARTED', subagentRunId: 'a', name: 'h' },
    { type: 'SUBAGENT_FINISHED', subagentRunId: 'a' },
    step('STEP_FINISHED', 'p'),
    F,
  ],
  'args that are not JSON, an empty call, a duplicate result': [
    S,
    ...call('c1', 'x', '{"a":'),
    ev.start('c2', 'y'),
    ev.end('c2'),
    ev.result('c1', 'm'),
    ev.result('c1', 'n'),
    F,
  ],
  'a truncated run (1.0.0 does not reject it)': [S, ev.start('c1', 'x')],
  'an untagged ARGS for a call a subagent is chunking (cross-lane mixed forms)': [
    S,
    chunk({ toolCallId: 'c1', toolCallName: 'x', subagentRunId: 's1', delta: '{' }),
    ev.args('c1', '}'),
    F,
  ],
};

const violating: Record<string, { events: readonly Ev[]; rule: string; via?: 'json' }> = {
  'START for an open call': {
    rule: 'tool-call/start-while-open',
    events: [S, ev.start('c1'), ev.start('c1'), ev.end('c1'), F],
  },
  'ARGS for a call never opened': { rule: 'tool-call/args-not-open', events: [S, ev.args('c1'), F] },
  'END after END': { rule: 'tool-call/end-not-open', events: [S, ...call('c1'), ev.end('c1'), F] },
  'RUN_FINISHED with a call open': { rule: 'tool-call/open-at-run-end', events: [S, ev.start('c1'), F] },
  'START tagged against its parent message': {
    rule: 'tool-call/owner-mismatch',
    events: [
      S,
      ev.text('m1'),
      ev.textEnd('m1'),
      ...call('c1', 'x', '{}', { parentMessageId: 'm1', subagentRunId: 's1' }),
      F,
    ],
  },
  'ARGS tagged against the call': {
    rule: 'tool-call/owner-mismatch',
    events: [S, ev.start('c1'), ev.args('c1', '{}', { subagentRunId: 's2' }), ev.end('c1'), F],
  },
  'reopen under another owner': {
    rule: 'tool-call/reopen-owner-mismatch',
    events: [
      S,
      ...call('c1', 'x', '{}', { subagentRunId: 's1' }),
      ev.start('c1', 'x', { subagentRunId: 's2' }),
      ev.end('c1'),
      F,
    ],
  },
  'first chunk without an id': {
    rule: 'tool-call/chunk-missing-id',
    events: [S, chunk({ toolCallName: 'x', delta: '{}' }), F],
  },
  'first chunk without a name': {
    rule: 'tool-call/chunk-missing-name',
    events: [S, chunk({ toolCallId: 'c1', delta: '{}' }), F],
  },
  'continuation renames the tool': {
    rule: 'tool-call/chunk-name-conflict',
    events: [
      S,
      chunk({ toolCallId: 'c1', toolCallName: 'x', delta: '{' }),
      chunk({ toolCallId: 'c1', toolCallName: 'y', delta: '}' }),
      F,
    ],
  },
  'continuation adds a parent': {
    rule: 'tool-call/chunk-parent-conflict',
    events: [
      S,
      chunk({ toolCallId: 'c1', toolCallName: 'x', delta: '{' }),
      chunk({ toolCallId: 'c1', parentMessageId: 'm9', delta: '}' }),
      F,
    ],
  },
  'explicit ARGS into a chunked call': {
    rule: 'tool-call/chunk-mixed-forms',
    events: [S, chunk({ toolCallId: 'c1', toolCallName: 'x', delta: '{' }), ev.args('c1', '}'), F],
  },
  'explicit ARGS into a call chunked in its own (subagent) lane': {
    rule: 'tool-call/chunk-mixed-forms',
    events: [
      S,
      chunk({ toolCallId: 'c1', toolCallName: 'x', subagentRunId: 's1', delta: '{' }),
      ev.args('c1', '}', { subagentRunId: 's1' }),
      F,
    ],
  },
  'first text chunk without a messageId': {
    rule: 'text-message/chunk-missing-id',
    events: [S, { type: 'TEXT_MESSAGE_CHUNK', delta: 'hi' }, F],
  },
  'text continuation changes role': {
    rule: 'text-message/chunk-role-conflict',
    events: [
      S,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'a' },
      { type: 'TEXT_MESSAGE_CHUNK', role: 'user', delta: 'b' },
      F,
    ],
  },
  'text continuation adds a name': {
    rule: 'text-message/chunk-name-conflict',
    events: [
      S,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'a' },
      { type: 'TEXT_MESSAGE_CHUNK', name: 'n', delta: 'b' },
      F,
    ],
  },
  'an untagged text chunk with two lanes open': {
    rule: 'text-message/chunk-ambiguous',
    events: [
      S,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', subagentRunId: 's1' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm2', subagentRunId: 's2' },
      { type: 'TEXT_MESSAGE_CHUNK', delta: 'x' },
      F,
    ],
  },
  'first reasoning chunk without a messageId': {
    rule: 'reasoning/chunk-missing-id',
    events: [S, { type: 'REASONING_MESSAGE_CHUNK', delta: 'hm' }, F],
  },
  'an untagged reasoning chunk with two lanes open': {
    rule: 'reasoning/chunk-ambiguous',
    events: [
      S,
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'z1', subagentRunId: 's1' },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'z2', subagentRunId: 's2' },
      { type: 'REASONING_MESSAGE_CHUNK', delta: 'x' },
      F,
    ],
  },
  'an untagged chunk with two lanes open': {
    rule: 'tool-call/chunk-ambiguous',
    events: [
      S,
      chunk({ toolCallId: 'a', toolCallName: 'x', subagentRunId: 's1' }),
      chunk({ toolCallId: 'b', toolCallName: 'x', subagentRunId: 's2' }),
      chunk({ delta: '{}' }),
      F,
    ],
  },
  'first event is not RUN_STARTED': { rule: 'run/first-event', events: [ev.text('m1'), ev.textEnd('m1'), F] },
  'RUN_STARTED inside a run': { rule: 'run/started-while-active', events: [S, ev.started('r2'), F] },
  'an event after RUN_FINISHED': { rule: 'run/event-after-finished', events: [S, F, ev.text('m1')] },
  'an event after RUN_ERROR': { rule: 'run/event-after-error', events: [S, ev.error(), ev.text('m1')] },
  'TEXT_MESSAGE_START for an open message': {
    rule: 'text-message/start-while-open',
    events: [S, ev.text('m1'), ev.text('m1'), ev.textEnd('m1'), F],
  },
  'CONTENT for no open message': { rule: 'text-message/not-open', events: [S, ev.content('m1'), F] },
  'RUN_FINISHED with a message open': { rule: 'text-message/open-at-run-end', events: [S, ev.text('m1'), F] },
  'CONTENT tagged against its message': {
    rule: 'attribution/owner-mismatch',
    events: [S, ev.text('m1'), ev.content('m1', 'x', { subagentRunId: 's1' }), ev.textEnd('m1'), F],
  },
  'a step started twice': {
    rule: 'step/start-while-active',
    events: [S, step('STEP_STARTED', 'p'), step('STEP_STARTED', 'p'), F],
  },
  'a step finished unstarted': { rule: 'step/finish-not-started', events: [S, step('STEP_FINISHED', 'p'), F] },
  'RUN_FINISHED with a step active': { rule: 'step/open-at-run-end', events: [S, step('STEP_STARTED', 'p'), F] },
  'reasoning content with nothing open': {
    rule: 'reasoning/not-open',
    events: [S, { type: 'REASONING_MESSAGE_CONTENT', messageId: 'z', delta: 'x' }, F],
  },
  'RUN_FINISHED with a reasoning span open': {
    rule: 'reasoning/open-at-run-end',
    events: [S, { type: 'REASONING_START', messageId: 'z' }, F],
  },
  'a subagent id reused': {
    rule: 'subagent/start-invalid',
    events: [
      S,
      { type: 'SUBAGENT_STARTED', subagentRunId: 'a', name: 'h' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'a' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 'a', name: 'h' },
      F,
    ],
  },
  'a subagent finished unstarted': {
    rule: 'subagent/not-active',
    events: [S, { type: 'SUBAGENT_FINISHED', subagentRunId: 'a' }, F],
  },
  'RUN_FINISHED with a subagent active': {
    rule: 'subagent/open-at-run-end',
    events: [S, { type: 'SUBAGENT_STARTED', subagentRunId: 'a', name: 'h' }, F],
  },
  'a wrongly typed field': {
    rule: 'event/malformed',
    events: [S, ev.text('m1'), { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 3 }, ev.textEnd('m1'), F],
  },
  // The encoder drops null fields, so these two are framed verbatim (as Python or .NET producers send them).
  'subagentRunId sent as null': {
    rule: 'event/malformed',
    events: [S, ev.text('m1', { subagentRunId: null }), ev.textEnd('m1'), F],
    via: 'json',
  },
  'an optional field sent as null': {
    rule: 'event/null-field',
    events: [S, ev.text('m1', { name: null }), ev.textEnd('m1'), F],
    via: 'json',
  },
};

const throwing = <F extends { readonly rule: string }>(findings: readonly F[]): F[] =>
  findings.filter((f) => {
    const client = ruleById(f.rule)?.client;
    return client === 'both' || client === '1.0';
  });

describe('client conformance: findings marked as client-enforced ⇔ @ag-ui/client 1.0 rejects', () => {
  for (const [name, events] of Object.entries(clean)) {
    it(`accepted by both: ${name}`, async () => {
      expect(await clientRejects(events)).toBeUndefined();
      expect(throwing(inspect(events).findings)).toEqual([]);
    });
  }
  for (const [name, { events, rule, via }] of Object.entries(violating)) {
    it(`rejected by both: ${name} (${rule})`, async () => {
      expect(await clientRejects(events)).toBeDefined();
      const ours = throwing(inspect(events, via ? { via } : {}).findings);
      expect(ours.map((f) => f.rule)).toContain(rule);
      // Its severity comes from the catalogue, not the engine's 'warning' default for unknown ids.
      expect(ours.find((f) => f.rule === rule)?.severity).toBe(
        ruleById(rule)?.severity ?? 'missing from the catalogue',
      );
    });
  }
});

describe('client conformance at the byte level: CRLF framing', () => {
  async function clientParses(bytes: Uint8Array): Promise<string | undefined> {
    try {
      await lastValueFrom(
        parseSSEStream(from([{ type: 'data', data: bytes }] as never[])).pipe(verifyEvents(), toArray()),
      );
      return undefined;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }
  const events = [S, ...call('c1'), F];

  it('CRLF: the client fails to parse and we report sse/crlf-framing (client both)', async () => {
    expect(await clientParses(sseBytes(events, 'crlf'))).toBeDefined();
    expect(throwing(inspect(events, { lineEnding: 'crlf' }).findings).map((f) => f.rule)).toContain('sse/crlf-framing');
  });

  it('LF: both accept', async () => {
    expect(await clientParses(sseBytes(events, 'lf'))).toBeUndefined();
    expect(throwing(inspect(events).findings)).toEqual([]);
  });
});
