// Property: on random streams over a small alphabet, "some finding is marked client
// 'both'/'1.0'" holds exactly when @ag-ui/client 1.0 (enforce → chunks → verify) rejects.
import { enforceEvents, transformChunks, verifyEvents } from '@ag-ui/client';
import fc from 'fast-check';
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ruleById } from '../catalogue/catalogue.js';
import type { Ev } from './rule-cases.test-helper.js';
import { inspect } from './pipeline.test-helper.js';

const id = fc.constantFrom('a', 'b');
const msg = fc.constantFrom('m1', 'm2');
const tag = fc.option(fc.constantFrom('s1', 's2'), { nil: undefined });
const withTag = (e: Ev, t: string | undefined): Ev => (t === undefined ? e : { ...e, subagentRunId: t });

const event: fc.Arbitrary<Ev> = fc.oneof(
  fc.constant<Ev>({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }),
  fc.constant<Ev>({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }),
  fc.constant<Ev>({ type: 'RUN_ERROR', message: 'x' }),
  fc
    .tuple(id, fc.constantFrom('x', 'y'), fc.option(msg, { nil: undefined }), tag)
    .map(([i, n, p, t]) =>
      withTag({ type: 'TOOL_CALL_START', toolCallId: i, toolCallName: n, ...(p ? { parentMessageId: p } : {}) }, t),
    ),
  fc.tuple(id, tag).map(([i, t]) => withTag({ type: 'TOOL_CALL_ARGS', toolCallId: i, delta: '{}' }, t)),
  fc.tuple(id, tag).map(([i, t]) => withTag({ type: 'TOOL_CALL_END', toolCallId: i }, t)),
  fc.tuple(id, msg).map(([i, m]) => ({ type: 'TOOL_CALL_RESULT', toolCallId: i, messageId: `r-${m}`, content: 'ok' })),
  fc
    .tuple(fc.option(id, { nil: undefined }), fc.option(fc.constantFrom('x', 'y'), { nil: undefined }), tag)
    .map(([i, n, t]) =>
      withTag(
        { type: 'TOOL_CALL_CHUNK', ...(i ? { toolCallId: i } : {}), ...(n ? { toolCallName: n } : {}), delta: '{}' },
        t,
      ),
    ),
  fc.tuple(msg, tag).map(([m, t]) => withTag({ type: 'TEXT_MESSAGE_START', messageId: m, role: 'assistant' }, t)),
  fc.tuple(msg, tag).map(([m, t]) => withTag({ type: 'TEXT_MESSAGE_CONTENT', messageId: m, delta: 'hi' }, t)),
  fc.tuple(msg, tag).map(([m, t]) => withTag({ type: 'TEXT_MESSAGE_END', messageId: m }, t)),
  fc
    .tuple(fc.constantFrom('STEP_STARTED', 'STEP_FINISHED'), tag)
    .map(([type, t]) => withTag({ type, stepName: 'p' }, t)),
  fc
    .tuple(
      fc.constantFrom(
        'REASONING_START',
        'REASONING_END',
        'REASONING_MESSAGE_START',
        'REASONING_MESSAGE_CONTENT',
        'REASONING_MESSAGE_END',
      ),
      tag,
    )
    .map(([type, t]) =>
      withTag(
        {
          type,
          messageId: 'z',
          ...(type === 'REASONING_MESSAGE_START' ? { role: 'reasoning' } : {}),
          ...(type === 'REASONING_MESSAGE_CONTENT' ? { delta: 'x' } : {}),
        },
        t,
      ),
    ),
  fc
    .tuple(fc.constantFrom('SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR'), fc.constantFrom('s1', 's2'))
    .map(([type, s]) => ({
      type,
      subagentRunId: s,
      ...(type === 'SUBAGENT_STARTED' ? { name: 'h' } : {}),
      ...(type === 'SUBAGENT_ERROR' ? { message: 'x' } : {}),
    })),
  fc.tuple(msg, tag, id).map(([m, t, i]) => ({
    type: 'MESSAGES_SNAPSHOT',
    messages: [
      {
        id: m,
        role: 'assistant',
        ...(t ? { subagentRunId: t } : {}),
        toolCalls: [{ id: i, type: 'function', function: { name: 'x', arguments: '{}' } }],
      },
    ],
  })),
  fc.tuple(msg, tag, id).map(([m, t, i]) => ({
    type: 'RUN_STARTED',
    threadId: 't',
    runId: 'r2',
    input: {
      threadId: 't',
      runId: 'r2',
      tools: [],
      context: [],
      messages: [
        {
          id: m,
          role: 'assistant',
          ...(t ? { subagentRunId: t } : {}),
          toolCalls: [{ id: i, type: 'function', function: { name: 'x', arguments: '{}' } }],
        },
      ],
    },
  })),
  fc.tuple(tag, fc.constantFrom('tool-call', 'message')).map(([t, subtype]) =>
    withTag(
      {
        type: 'REASONING_ENCRYPTED_VALUE',
        subtype,
        entityId: subtype === 'tool-call' ? 'a' : 'm1',
        encryptedValue: 'e',
      },
      t,
    ),
  ),
);

async function clientRejects(events: readonly Ev[]): Promise<boolean> {
  try {
    await lastValueFrom(from(events as never[]).pipe(enforceEvents(), transformChunks(), verifyEvents(), toArray()));
    return false;
  } catch {
    return true;
  }
}

describe('client conformance (property)', () => {
  it('client-enforced findings ⇔ the client rejects', async () => {
    const seen = { rejected: 0, accepted: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 10 }), async (tail) => {
        const events = [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, ...tail];
        const ours = inspect(events).findings.filter((f) => ['both', '1.0'].includes(ruleById(f.rule)?.client ?? 'no'));
        const rejects = await clientRejects(events);
        seen[rejects ? 'rejected' : 'accepted']++;
        expect({ ours: ours.map((f) => f.rule), rejects: ours.length > 0 }).toMatchObject({ rejects });
      }),
      { numRuns: 600, seed: 20261202 },
    );
    // Not vacuous: both verdicts occur often.
    expect(seen.rejected).toBeGreaterThan(100);
    expect(seen.accepted).toBeGreaterThan(30);
  }, 60_000);

  // Random tails rarely leave a mixed-spelling stream the client accepts, so this one starts
  // every stream with a chunked call and an explicit ARGS/END for it, in the same or another lane.
  it('client-enforced findings ⇔ the client rejects, for mixed spellings', async () => {
    const seen = { crossLaneAccepted: 0, sameLaneRejected: 0 };
    const mixed = fc.tuple(
      tag,
      tag,
      fc.constantFrom('TOOL_CALL_ARGS', 'TOOL_CALL_END'),
      fc.array(event, { maxLength: 2 }),
      fc.boolean(),
    );
    await fc.assert(
      fc.asyncProperty(mixed, async ([chunkTag, explicitTag, type, tail, finish]) => {
        const events: Ev[] = [
          { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
          withTag({ type: 'TOOL_CALL_CHUNK', toolCallId: 'a', toolCallName: 'x', delta: '{' }, chunkTag),
          withTag({ type, toolCallId: 'a', ...(type === 'TOOL_CALL_ARGS' ? { delta: '}' } : {}) }, explicitTag),
          ...tail,
          ...(finish ? [{ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }] : []),
        ];
        const findings = inspect(events).findings;
        const ours = findings.filter((f) => ['both', '1.0'].includes(ruleById(f.rule)?.client ?? 'no'));
        const rejects = await clientRejects(events);
        if (!rejects && findings.some((f) => f.rule === 'tool-call/chunk-mixed-forms-cross-lane'))
          seen.crossLaneAccepted++;
        if (rejects && findings.some((f) => f.rule === 'tool-call/chunk-mixed-forms')) seen.sameLaneRejected++;
        expect({ ours: ours.map((f) => f.rule), rejects: ours.length > 0 }).toMatchObject({ rejects });
      }),
      { numRuns: 300, seed: 20261202 },
    );
    expect(seen.crossLaneAccepted).toBeGreaterThan(5);
    expect(seen.sameLaneRejected).toBeGreaterThan(10);
  }, 60_000);
});
