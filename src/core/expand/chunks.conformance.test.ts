// Our expander against the real @ag-ui/client 1.0 transformChunks: the same output
// for valid streams, and a fatal issue exactly where the client throws.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { from, lastValueFrom, toArray, type Observable } from 'rxjs';
import { transformChunks, verifyEvents } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { decodeImportedEvent } from '../events/decode.js';
import type { ExpandIssue } from './types.js';
import { createChunkExpander } from './chunks.js';
import { CHUNK_KINDS } from './chunk-kinds.js';
import { FATAL_SCENARIOS, VALID_SCENARIOS } from './chunk-scenarios.test-data.js';

process.env['SUPPRESS_TRANSFORMATION_WARNINGS'] = 'true';

type Ev = Record<string, unknown>;

/** The chunk issues for which transformChunks throws. */
const CLIENT_THROWS = new Set(
  Object.values(CHUNK_KINDS).flatMap((k) =>
    Object.entries(k.rules)
      .filter(([name]) => name !== 'implicitEnd')
      .map(([, id]) => id),
  ),
);

function ours(events: readonly Ev[]) {
  const expander = createChunkExpander();
  const out: { payload: Ev; rawIndex: number }[] = [];
  const issues: ExpandIssue[] = [];
  events.forEach((e, i) => {
    const r = expander.expand(decodeImportedEvent('s', i, structuredClone(e), i));
    out.push(...r.events.map((x) => ({ payload: { ...x.payload }, rawIndex: x.raw.index })));
    issues.push(...r.issues);
  });
  const fin = expander.finish();
  expect(fin.events).toEqual([]);
  return { out, issues };
}

function client(events: readonly Ev[]): Promise<{ out: Ev[]; error?: Error }> {
  return new Promise((resolve) => {
    const out: Ev[] = [];
    const input = from(structuredClone(events) as BaseEvent[]);
    (transformChunks()(input) as Observable<BaseEvent>).subscribe({
      next: (e) => out.push({ ...(e as unknown as Ev) }),
      error: (error: Error) => resolve({ out, error }),
      complete: () => resolve({ out }),
    });
  });
}

/** Index of the input event whose arrival made the client throw. */
async function throwingIndex(events: readonly Ev[]): Promise<number> {
  for (let k = 1; k <= events.length; k++) if ((await client(events.slice(0, k))).error) return k - 1;
  return -1;
}

describe('conformance with @ag-ui/client transformChunks (valid streams)', () => {
  for (const [name, events] of Object.entries(VALID_SCENARIOS)) {
    it(name, async () => {
      const theirs = await client(events);
      expect(theirs.error).toBeUndefined();
      const mine = ours(events);
      expect(mine.out.map((e) => e.payload)).toEqual(theirs.out);
      expect(mine.issues.filter((i) => CLIENT_THROWS.has(i.rule))).toEqual([]);
    });
  }
});

describe('conformance with @ag-ui/client transformChunks (fatal streams)', () => {
  for (const [name, { events, rule }] of Object.entries(FATAL_SCENARIOS)) {
    it(name, async () => {
      const at = await throwingIndex(events);
      expect(at).toBeGreaterThan(0);
      const before = await client(events.slice(0, at));
      const mine = ours(events);
      const fatal = mine.issues.filter((i) => CLIENT_THROWS.has(i.rule));
      expect(fatal.map((i) => [i.rule, i.raw.index])).toEqual([[rule, at]]);
      // Up to the throw we emitted exactly what the client did.
      expect(mine.out.filter((e) => e.rawIndex < at).map((e) => e.payload)).toEqual(before.out);
      // And we kept going: the run's end is still expanded.
      expect(mine.out.at(-1)?.payload['type']).toBe(events.at(-1)?.['type']);
    });
  }

  it('mixed spellings: the client fails in verification exactly where we report chunk-mixed-forms', async () => {
    const events: Ev[] = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'a', delta: '{' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '}' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    const pipeline = verifyEvents()(transformChunks()(from(structuredClone(events) as BaseEvent[])));
    await expect(lastValueFrom(pipeline.pipe(toArray()))).rejects.toThrow(/No active tool call found with ID 'c1'/);
    const plain = await client(events);
    const mine = ours(events);
    expect(mine.out.map((e) => e.payload)).toEqual(plain.out);
    expect(mine.issues.map((i) => [i.rule, i.raw.index])).toEqual([
      ['tool-call/chunk-mixed-forms', 2],
      ['tool-call/chunk-implicit-end', 2],
    ]);
  });

  it("cross-lane mixed spellings: the client closes only the explicit event's lane and accepts; so do we", async () => {
    const events: Ev[] = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'a', subagentRunId: 's1', delta: '{' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '}' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    const pipeline = verifyEvents()(transformChunks()(from(structuredClone(events) as BaseEvent[])));
    await expect(lastValueFrom(pipeline.pipe(toArray()))).resolves.toBeDefined();
    const mine = ours(events);
    expect(mine.out.map((e) => e.payload)).toEqual((await client(events)).out);
    expect(mine.issues.map((i) => [i.rule, i.raw.index])).toEqual([
      ['tool-call/chunk-mixed-forms-cross-lane', 2],
      ['tool-call/chunk-implicit-end', 3],
    ]);
  });
});

// Random streams over a small alphabet so ids, lanes and kinds collide often, explicit
// TOOL_CALL_ARGS/END included (mixed forms, in the same lane and across lanes).
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const defined = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
const tag = opt(fc.constantFrom('s1', 's2'));
const eventArb: fc.Arbitrary<Ev> = fc.oneof(
  fc
    .record({
      toolCallId: opt(fc.constantFrom('c1', 'c2')),
      toolCallName: opt(fc.constantFrom('a', 'b')),
      parentMessageId: opt(fc.constantFrom('m1')),
      subagentRunId: tag,
      delta: opt(fc.constantFrom('x', '')),
    })
    .map((f) => ({ type: 'TOOL_CALL_CHUNK', ...defined(f) })),
  fc
    .record({
      messageId: opt(fc.constantFrom('m1', 'm2')),
      role: opt(fc.constantFrom('assistant', 'user')),
      name: opt(fc.constantFrom('n')),
      subagentRunId: tag,
      delta: opt(fc.constantFrom('t')),
    })
    .map((f) => ({ type: 'TEXT_MESSAGE_CHUNK', ...defined(f) })),
  fc
    .record({ messageId: opt(fc.constantFrom('r1', 'r2')), subagentRunId: tag, delta: opt(fc.constantFrom('r')) })
    .map((f) => ({ type: 'REASONING_MESSAGE_CHUNK', ...defined(f) })),
  tag.map((t) => ({ type: 'STEP_STARTED', stepName: 'x', ...defined({ subagentRunId: t }) })),
  fc
    .record({
      type: fc.constantFrom('TOOL_CALL_ARGS', 'TOOL_CALL_END'),
      toolCallId: fc.constantFrom('c1', 'c2'),
      subagentRunId: tag,
    })
    .map((f) => ({ ...defined(f), ...(f.type === 'TOOL_CALL_ARGS' ? { delta: 'y' } : {}) })),
  fc.constantFrom<Ev>(
    { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
    { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    { type: 'RAW', event: 1 },
    { type: 'SUBAGENT_FINISHED', subagentRunId: 's1' },
    { type: 'SUBAGENT_STARTED', subagentRunId: 's2', name: 'x' },
    { type: 'TOOL_CALL_RESULT', messageId: 'mr', toolCallId: 'c1', content: 'ok' },
  ),
);

describe('conformance with @ag-ui/client transformChunks (random streams)', () => {
  it('agrees up to the first throw, and reports a fatal issue exactly there', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { maxLength: 12 }), async (events) => {
        const theirs = await client(events);
        const mine = ours(events);
        const fatal = mine.issues.filter((i) => CLIENT_THROWS.has(i.rule));
        if (theirs.error === undefined) {
          expect(fatal).toEqual([]);
          expect(mine.out.map((e) => e.payload)).toEqual(theirs.out);
          return;
        }
        const at = await throwingIndex(events);
        expect(fatal[0]?.raw.index).toBe(at);
        expect(mine.out.filter((e) => e.rawIndex < at).map((e) => e.payload)).toEqual(
          (await client(events.slice(0, at))).out,
        );
      }),
      { numRuns: 400 },
    );
  });
});
