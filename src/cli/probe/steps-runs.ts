// Step kinds that hold a conversation: a plain turn, a frontend tool answered in the
// next run, a state round trip, two runs on one thread.
import type { Finding } from '../../core/findings.js';
import type { RunModel } from '../../core/model/types.js';
import { inert } from '../format-text.js';
import { answerOf, type Answer } from './answer.js';
import { probeFinding, runContracts } from './contracts.js';
import { checkExpectations } from './expectations.js';
import type { ExchangeRecord } from './probe-session.js';
import { newRunId, newThreadId, runAgentInput, withIds, type RunIds } from './run-input.js';
import { traceState } from './state-trace.js';
import type { StepContext, StepOutcome } from './step-types.js';

const HELLO = [{ role: 'user', content: 'Reply with one short sentence.' }];

interface Sent {
  readonly record: ExchangeRecord;
  readonly answer: Answer;
  readonly findings: Finding[];
  readonly messages: readonly Record<string, unknown>[];
}

async function run(
  ctx: StepContext,
  ids: RunIds,
  messages: readonly Record<string, unknown>[],
  state?: unknown,
): Promise<Sent> {
  const input = runAgentInput(ctx.step, { ids, messages, ...(state !== undefined ? { state } : {}) });
  const record = await ctx.session.send({
    step: ctx.step.name,
    body: JSON.stringify(input),
    ids,
    timeoutMs: ctx.timeoutMs,
  });
  const answer = answerOf(ctx.session, record);
  return { record, answer, findings: runContracts(record, answer, ctx.timeoutMs), messages };
}

function firstTurn(ctx: StepContext): Promise<Sent> {
  const ids = { threadId: newThreadId(), runId: newRunId() };
  return run(ctx, ids, withIds(ctx.step.messages ?? HELLO, ctx.step.name));
}

/** The messages a client keeps from a run, as HttpAgent builds them from the events. */
function assistantMessages(runs: readonly RunModel[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const byId = new Map<string, Record<string, unknown>>();
  for (const r of runs) {
    for (const m of r.messages) {
      if (m.kind !== 'text' || m.role !== 'assistant') continue;
      const message: Record<string, unknown> = { id: m.messageId, role: 'assistant', content: m.text };
      byId.set(m.messageId, message);
      out.push(message);
    }
    for (const c of r.toolCalls) {
      const parentId = c.parentMessageId ?? `probe-assistant-${c.toolCallId}`;
      let parent = byId.get(parentId);
      if (parent === undefined) {
        parent = { id: parentId, role: 'assistant' };
        byId.set(parentId, parent);
        out.push(parent);
      }
      const calls = (parent['toolCalls'] as unknown[] | undefined) ?? [];
      calls.push({ id: c.toolCallId, type: 'function', function: { name: c.name, arguments: c.args } });
      parent['toolCalls'] = calls;
    }
  }
  return out;
}

export async function turnStep(ctx: StepContext): Promise<StepOutcome> {
  const first = await firstTurn(ctx);
  const expected = checkExpectations(first.record, first.answer, ctx.step.expect, undefined);
  return { records: [first.record], findings: [...first.findings, ...expected], notes: [] };
}

export async function frontendToolStep(ctx: StepContext): Promise<StepOutcome> {
  const first = await firstTurn(ctx);
  const findings = [...first.findings, ...checkExpectations(first.record, first.answer, ctx.step.expect, undefined)];
  const advertised = new Set((ctx.step.tools ?? []).map((t) => t.name));
  const calls = first.answer.runs.flatMap((r) => r.toolCalls).filter((c) => advertised.has(c.name));
  if (calls.length === 0 || first.record.ids === undefined) {
    // Only a run that otherwise worked says something by not calling the tool.
    if (!findings.some((f) => f.severity === 'error'))
      findings.push(
        probeFinding(
          'probe/not-exercised',
          'notice',
          first.record,
          'No call to an advertised tool: the continuation was not checked.',
        ),
      );
    return { records: [first.record], findings, notes: [] };
  }
  const answers = calls.map((c, i) => ({
    id: `${ctx.step.name}-tool-result-${i + 1}`,
    role: 'tool',
    toolCallId: c.toolCallId,
    content: ctx.step.toolResult ?? '{"ok":true}',
  }));
  const history = [...first.messages, ...assistantMessages(first.answer.runs), ...answers];
  const second = await run(ctx, { threadId: first.record.ids.threadId, runId: newRunId() }, history);
  const rejected = second.findings.filter((f) => f.rule !== 'probe/hang');
  for (const f of rejected)
    findings.push({
      ...f,
      rule: 'probe/frontend-answer-rejected',
      message: `The run answering ${calls.length === 1 ? 'the call' : 'the calls'}: ${f.message}`,
    });
  if (rejected.length === 0) findings.push(...second.findings);
  const answered = new Set(calls.map((c) => c.toolCallId));
  for (const c of second.answer.runs.flatMap((r) => r.toolCalls)) {
    if (answered.has(c.toolCallId))
      findings.push(
        probeFinding(
          'probe/frontend-answer-rejected',
          'error',
          second.record,
          `The continuation calls ${inert(c.name)} again with the answered id ${inert(c.toolCallId)}: the server did not take the tool message as the answer.`,
        ),
      );
  }
  return {
    records: [first.record, second.record],
    findings,
    notes: [`answered ${calls.length} call(s) in the next run`],
  };
}

export async function stateStep(ctx: StepContext): Promise<StepOutcome> {
  const first = await firstTurn(ctx);
  const trace = traceState(ctx.step.state ?? {}, first.answer.events);
  const findings = [...first.findings, ...checkExpectations(first.record, first.answer, ctx.step.expect, trace.state)];
  if (first.record.inspected && trace.updates === 0)
    findings.push(
      probeFinding(
        'probe/not-exercised',
        'notice',
        first.record,
        'No STATE_SNAPSHOT or STATE_DELTA: the state round trip was not exercised.',
      ),
    );
  for (const failure of trace.failed)
    findings.push(
      probeFinding(
        'probe/state-round-trip',
        'error',
        first.record,
        `A STATE_DELTA does not apply to the state the client holds (${inert(failure.message)}): client and agent disagree from here on.`,
        [failure.index],
      ),
    );
  return { records: [first.record], findings, notes: trace.updates > 0 ? [`${trace.updates} state update(s)`] : [] };
}

export async function twoRunsStep(ctx: StepContext): Promise<StepOutcome> {
  const first = await firstTurn(ctx);
  if (first.record.ids === undefined || first.findings.some((f) => f.severity === 'error'))
    return { records: [first.record], findings: first.findings, notes: ['the second run was not sent'] };
  const history = [...first.messages, ...assistantMessages(first.answer.runs)];
  const followUp = withIds(ctx.step.followUp ?? HELLO, `${ctx.step.name}-2`);
  const ids = { threadId: first.record.ids.threadId, runId: newRunId() };
  const second = await run(ctx, ids, [...history, ...followUp]);
  const findings = [...first.findings, ...second.findings];
  findings.push(...checkExpectations(second.record, second.answer, ctx.step.expect, undefined));
  const known = new Set(history.map((m) => String(m['id'])));
  for (const e of second.answer.events) {
    const id = e.type === 'TEXT_MESSAGE_START' ? e.payload['messageId'] : undefined;
    if (typeof id === 'string' && known.has(id))
      findings.push(
        probeFinding(
          'probe/thread-continues',
          'error',
          second.record,
          `The second run starts message ${inert(id)}, an id the thread's history already has: the client overwrites that message.`,
          [e.index],
        ),
      );
    if (e.type === 'MESSAGES_SNAPSHOT' && Array.isArray(e.payload['messages'])) {
      const ids = new Set(
        (e.payload['messages'] as unknown[]).map((m) =>
          typeof m === 'object' && m !== null ? String((m as { id?: unknown }).id) : '',
        ),
      );
      const lost = [...known].filter((k) => !ids.has(k));
      if (lost.length > 0)
        findings.push(
          probeFinding(
            'probe/thread-continues',
            'error',
            second.record,
            `MESSAGES_SNAPSHOT drops ${lost.length} message(s) of the thread's history (${lost.slice(0, 3).map(inert).join(', ')}): the client replaces its history with it.`,
            [e.index],
          ),
        );
    }
  }
  return { records: [first.record, second.record], findings, notes: [] };
}
