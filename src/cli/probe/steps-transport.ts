// Step kinds about the transport: cancellation mid-stream, a malformed RunAgentInput,
// concurrent runs that must not cross.
import type { Finding } from '../../core/findings.js';
import { inert } from '../format-text.js';
import { answerOf, type Answer } from './answer.js';
import { str } from '../core-deps.js';
import { bodyExcerpt, isHtml, probeFinding, runContracts, transportProblem } from './contracts.js';
import { checkExpectations } from './expectations.js';
import type { ExchangeRecord } from './probe-session.js';
import { newRunId, newThreadId, runAgentInput, withIds, type RunIds } from './run-input.js';
import { DEFAULT_GRACE_MS } from './script.js';
import type { StepContext, StepOutcome } from './step-types.js';

const HELLO = [{ role: 'user', content: 'Reply with one short sentence.' }];
const MALFORMED = '{"threadId":42,"runId":null,"messages":"not a list"}';

export async function cancelStep(ctx: StepContext): Promise<StepOutcome> {
  const ids = { threadId: newThreadId(), runId: newRunId() };
  const after = ctx.step.cancelAfterEvents ?? 3;
  const graceMs = ctx.step.graceMs ?? DEFAULT_GRACE_MS;
  const input = runAgentInput(ctx.step, { ids, messages: withIds(ctx.step.messages ?? HELLO, ctx.step.name) });
  const record = await ctx.session.send({
    step: ctx.step.name,
    body: JSON.stringify(input),
    ids,
    timeoutMs: ctx.timeoutMs,
    graceMs,
    cancelAfterEvents: after,
  });
  const answer = answerOf(ctx.session, record);
  const cancel = record.exchange.cancel;
  if (cancel === undefined) {
    const findings = runContracts(record, answer, ctx.timeoutMs);
    if (findings.length === 0)
      findings.push(
        probeFinding(
          'probe/not-exercised',
          'notice',
          record,
          `The run ended after ${answer.events.length} event(s), before the probe could cancel it (cancelAfterEvents ${after}).`,
        ),
      );
    return { records: [record], findings, notes: [] };
  }
  const findings = runContracts(record, answer, ctx.timeoutMs);
  const bytes = `${cancel.bytesAfter} byte(s)`;
  if (cancel.closedAfterMs === undefined) {
    findings.push(
      probeFinding(
        'probe/cancel-ignored',
        'error',
        record,
        `The probe cancelled after ${after} events; ${graceMs} ms later the server still held the connection open and had sent ${bytes} more. A server should stop the run when its client goes away.`,
      ),
    );
    return { records: [record], findings, notes: [], cutByProbe: [record.streamId] };
  }
  const closed = `closed ${cancel.closedAfterMs} ms after the abort; ${bytes} after it`;
  const next = await runAfterCancel(ctx, ids, input['messages'] as Record<string, unknown>[]);
  return {
    records: [record, next.record],
    findings: [...findings, ...next.findings],
    notes: [closed, next.note],
    cutByProbe: [record.streamId],
  };
}

/**
 * What an app does after its user pressed stop: send the next message on the same thread.
 * A server that closed the connection but kept the run going refuses it (thread busy).
 */
async function runAfterCancel(
  ctx: StepContext,
  cancelled: RunIds,
  history: readonly Record<string, unknown>[],
): Promise<{ record: ExchangeRecord; findings: Finding[]; note: string }> {
  const ids = { threadId: cancelled.threadId, runId: newRunId() };
  const followUp = withIds(ctx.step.followUp ?? HELLO, `${ctx.step.name}-2`);
  const record = await ctx.session.send({
    step: ctx.step.name,
    body: JSON.stringify(runAgentInput(ctx.step, { ids, messages: [...history, ...followUp] })),
    ids,
    timeoutMs: ctx.timeoutMs,
  });
  const problems = runContracts(record, answerOf(ctx.session, record), ctx.timeoutMs);
  const first = problems.find((f) => f.severity === 'error');
  if (first === undefined) return { record, findings: problems, note: 'the next run on the thread was served' };
  const finding = probeFinding(
    'probe/run-after-cancel',
    'error',
    record,
    `After the cancel, the next run on the same thread failed (${first.rule}: ${first.message}) The server closed the connection but may still be running the cancelled run: a user who presses stop and sends again gets this.`,
    first.events,
  );
  return { record, findings: [finding], note: 'the next run on the thread failed' };
}

export async function malformedStep(ctx: StepContext): Promise<StepOutcome> {
  const record = await ctx.session.send({
    step: ctx.step.name,
    body: ctx.step.body ?? MALFORMED,
    timeoutMs: ctx.timeoutMs,
  });
  const x = record.exchange;
  const bad = (message: string): StepOutcome => ({
    records: [record],
    findings: [probeFinding('probe/malformed-input', 'error', record, message)],
    notes: [],
  });
  if (x.head === undefined)
    return x.end === 'timeout'
      ? bad(
          `No response within ${ctx.timeoutMs} ms to a malformed RunAgentInput: the server hangs instead of answering 4xx or RUN_ERROR.`,
        )
      : bad(`No HTTP response to a malformed RunAgentInput: ${x.error ?? 'the connection failed'}.`);
  const { status, contentType } = x.head;
  if (status >= 400 && status < 500) return { records: [record], findings: [], notes: [`HTTP ${status}`] };
  if (status >= 500)
    return bad(
      `HTTP ${status}${isHtml(contentType) ? ' with an HTML page' : ''} for a malformed RunAgentInput (${bodyExcerpt(record)}): a bad request is a 4xx or a RUN_ERROR, not a server error.`,
    );
  if (!record.inspected)
    return bad(`HTTP ${status} ${inert(contentType)} for a malformed RunAgentInput: expected a 4xx or a RUN_ERROR.`);
  const answer = answerOf(ctx.session, record);
  if (answer.events.some((e) => e.type === 'RUN_ERROR'))
    return { records: [record], findings: [], notes: ['RUN_ERROR'] };
  if (x.end === 'timeout')
    return bad(`The stream for a malformed RunAgentInput stayed open ${ctx.timeoutMs} ms without RUN_ERROR.`);
  return bad('The server ran a malformed RunAgentInput (no 4xx, no RUN_ERROR): it should refuse input it cannot read.');
}

/** Ids an answer mentions: its events' threadId/runId and the message and tool call ids it starts. */
function idsIn(answer: Answer): { runIds: Set<string>; threadIds: Set<string>; items: Map<string, number> } {
  const runIds = new Set<string>();
  const threadIds = new Set<string>();
  const items = new Map<string, number>();
  for (const e of answer.events) {
    const thread = str(e.payload['threadId']);
    const run = str(e.payload['runId']);
    if (thread !== undefined) threadIds.add(thread);
    if (run !== undefined) runIds.add(run);
    const item = str(e.payload['messageId']) ?? str(e.payload['toolCallId']);
    if (item !== undefined && !items.has(item)) items.set(item, e.index);
  }
  return { runIds, threadIds, items };
}

function crossings(records: readonly ExchangeRecord[], answers: readonly Answer[]): Finding[] {
  const out: Finding[] = [];
  const seen = answers.map(idsIn);
  records.forEach((record, i) => {
    const own = seen[i]!;
    records.forEach((other, j) => {
      if (i === j || other.ids === undefined) return;
      if (own.runIds.has(other.ids.runId) || own.threadIds.has(other.ids.threadId))
        out.push(
          probeFinding(
            'probe/crossed-runs',
            'error',
            record,
            `This answer carries run ${other.ids.runId} / thread ${other.ids.threadId}, which belong to another concurrent request.`,
          ),
        );
      if (j > i)
        for (const [item, index] of own.items)
          if (seen[j]!.items.has(item))
            out.push(
              probeFinding(
                'probe/crossed-runs',
                'error',
                record,
                `Id ${inert(item)} appears in two concurrent answers: events of one run reached another.`,
                [index],
              ),
            );
    });
  });
  return out;
}

export async function concurrentStep(ctx: StepContext): Promise<StepOutcome> {
  const n = ctx.step.runs ?? 3;
  const all: RunIds[] = Array.from({ length: n }, () => ({ threadId: newThreadId(), runId: newRunId() }));
  const records = await Promise.all(
    all.map((ids, i) =>
      ctx.session.send({
        step: ctx.step.name,
        body: JSON.stringify(
          runAgentInput(ctx.step, { ids, messages: withIds(ctx.step.messages ?? HELLO, `${ctx.step.name}-${i + 1}`) }),
        ),
        ids,
        timeoutMs: ctx.timeoutMs,
      }),
    ),
  );
  const answers = records.map((r) => answerOf(ctx.session, r));
  const findings = records.flatMap((r, i) => [
    ...runContracts(r, answers[i]!, ctx.timeoutMs),
    ...checkExpectations(r, answers[i]!, ctx.step.expect, undefined),
  ]);
  if (records.every((r) => transportProblem(r, ctx.timeoutMs) === undefined))
    findings.push(...crossings(records, answers));
  return { records, findings, notes: [`${n} runs at once`] };
}
