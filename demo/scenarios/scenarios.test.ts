// Every scenario's events go through the real @ag-ui/client 1.0 pipeline stages
// (transformChunks, then verifyEvents) and get the verdict the scenario claims.
import { describe, expect, it } from 'vitest';
import { transformChunks, verifyEvents } from '@ag-ui/client';
import { EventType, type AGUIEvent, type Message, type RunAgentInput } from '@ag-ui/core';
import { from, lastValueFrom, toArray } from 'rxjs';
import { SCENARIOS, findScenario, type Scenario } from './index.js';

const input = (messages: Message[] = []): RunAgentInput => ({
  threadId: 't1',
  runId: 'r1',
  messages,
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
});

async function clientVerdict(
  events: AGUIEvent[],
): Promise<{ ok: true; out: AGUIEvent[] } | { ok: false; error: string }> {
  try {
    const out = await lastValueFrom(from(events).pipe(transformChunks(false), verifyEvents(false), toArray()));
    return { ok: true, out: out as AGUIEvent[] };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** What actually reaches the client: a cut-off scenario's tail is never sent. */
const wire = (s: Scenario, events: AGUIEvent[]): AGUIEvent[] => events.slice(0, events.length - (s.cutTail ?? 0));

describe('scenario registry', () => {
  it('has unique names, a title and a one-line description each', () => {
    expect(new Set(SCENARIOS.map((s) => s.name)).size).toBe(SCENARIOS.length);
    for (const s of SCENARIOS) {
      expect(s.title.length).toBeGreaterThan(5);
      expect(s.description).not.toMatch(/\n/);
      expect(s.verdict === 'rejected').toBe(Boolean(s.clientError));
    }
  });
});

describe.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_name, s) => {
  it(`is ${s.verdict} by transformChunks + verifyEvents`, async () => {
    const verdict = await clientVerdict(wire(s, s.events(input())));
    if (s.verdict === 'accepted') expect(verdict).toMatchObject({ ok: true });
    else expect(verdict.ok ? 'accepted' : verdict.error).toContain(s.clientError ?? '?');
  });
});

describe('scenario specifics', () => {
  it('frontend round trip: run 1 leaves both calls pending, run 2 reacts to the declined answer', async () => {
    const s = findScenario('frontend-round-trip')!;
    const run1 = s.events(input());
    const starts = run1.filter((e) => e.type === EventType.TOOL_CALL_START);
    expect(starts.map((e) => e.toolCallName)).toEqual(['show_chart', 'confirm_booking']);
    expect(run1.some((e) => e.type === EventType.TOOL_CALL_RESULT)).toBe(false);
    const last = run1.at(-1);
    expect(last?.type === EventType.RUN_FINISHED && last.outcome).toEqual({
      type: 'success',
      pendingToolCallIds: starts.map((e) => e.toolCallId),
    });
    const answers: Message[] = starts.map((e, i) => ({
      id: `a${i}`,
      role: 'tool',
      toolCallId: e.toolCallId,
      content: 'x',
      ...(i ? { error: 'declined by the user' } : {}),
    }));
    const run2 = s.events({ ...input(answers), runId: 'r2' });
    expect(run2.some((e) => e.type === EventType.TOOL_CALL_START)).toBe(false);
    const text = run2.flatMap((e) => (e.type === EventType.TEXT_MESSAGE_CONTENT ? [e.delta] : [])).join('');
    expect(text).toContain('declined by the user');
    expect(await clientVerdict(run2)).toMatchObject({ ok: true });
  });

  it('chunked calls expand into two START/ARGS/END calls', async () => {
    const v = await clientVerdict(findScenario('chunked-calls')!.events(input()));
    if (!v.ok) throw new Error(v.error);
    expect(v.out.filter((e) => e.type === EventType.TOOL_CALL_START).map((e) => e.toolCallName)).toEqual([
      'search_flights',
      'search_hotels',
    ]);
    expect(v.out.filter((e) => e.type === EventType.TOOL_CALL_END)).toHaveLength(2);
  });

  it('misrouted args: the first call gets {..}{..} and the second nothing', () => {
    const events = findScenario('misrouted-args')!.events(input());
    const argsOf = (id: string) =>
      events.flatMap((e) => (e.type === EventType.TOOL_CALL_ARGS && e.toolCallId === id ? [e.delta] : [])).join('');
    expect(argsOf('r1-call-usd')).toBe('{"amount":20,"to":"USD"}{"amount":20,"to":"GBP"}');
    expect(argsOf('r1-call-gbp')).toBe('');
  });

  it('reopen-renamed reopens the same id under another name', () => {
    const starts = findScenario('reopen-renamed')!
      .events(input())
      .filter((e) => e.type === EventType.TOOL_CALL_START);
    expect(new Set(starts.map((e) => e.toolCallId)).size).toBe(1);
    expect(starts.map((e) => e.toolCallName)).toEqual(['get_weather', 'delete_account']);
  });

  it("subagent calls attribute the subagent's message, call and result", () => {
    const events = findScenario('subagent-calls')!.events(input());
    const tagged = events.filter((e) => 'subagentRunId' in e && e.subagentRunId === 'r1-sub-research');
    expect(new Set(tagged.map((e) => e.type))).toEqual(
      new Set([
        EventType.SUBAGENT_STARTED,
        EventType.SUBAGENT_FINISHED,
        EventType.TEXT_MESSAGE_START,
        EventType.TEXT_MESSAGE_CONTENT,
        EventType.TEXT_MESSAGE_END,
        EventType.TOOL_CALL_START,
        EventType.TOOL_CALL_ARGS,
        EventType.TOOL_CALL_END,
        EventType.TOOL_CALL_RESULT,
      ]),
    );
  });

  it('cut-off stops after the first ARGS of an open call, with no terminal event', () => {
    const s = findScenario('cut-off')!;
    const sent = wire(s, s.events(input()));
    expect(sent.at(-1)?.type).toBe(EventType.TOOL_CALL_ARGS);
    expect(sent.some((e) => e.type === EventType.TOOL_CALL_END || e.type === EventType.RUN_FINISHED)).toBe(false);
  });

  it('the long session has thousands of events', () => {
    expect(findScenario('long-session')!.events(input()).length).toBeGreaterThanOrEqual(5000);
  });
});
