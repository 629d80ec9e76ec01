import { defaultApplyEvents, type BaseEvent, type Message, type RunAgentInput } from '@ag-ui/client';
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { AbstractAgent } from '@ag-ui/client';
import { runAt, scenario } from './scenario.test-helper.js';

const input: RunAgentInput = { threadId: 't1', runId: 'r1', messages: [], tools: [], context: [], state: {} };

/** The activity messages @ag-ui/client holds after these events (its own reducer). */
async function clientActivities(events: readonly Record<string, unknown>[]): Promise<unknown[]> {
  const agent = { messages: [] as Message[] } as unknown as AbstractAgent;
  const mutations = await lastValueFrom(
    defaultApplyEvents(input, from(events as unknown as BaseEvent[]), agent, []).pipe(toArray()),
  );
  const last = [...mutations].reverse().find((m) => m.messages !== undefined);
  return (last?.messages ?? [])
    .filter((m) => m.role === 'activity')
    .map((m) => ({ id: m.id, activityType: m.activityType, content: m.content }));
}

function ourActivities(events: readonly Record<string, unknown>[]): unknown[] {
  const s = scenario().open('s1', input);
  for (const e of events) s.send('s1', e);
  return runAt(s.model, 's1#0').activities.map((a) => ({
    id: a.messageId,
    activityType: a.activityType,
    content: a.content,
  }));
}

const started = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };
const snapshot = (messageId: string, content: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'ACTIVITY_SNAPSHOT',
  messageId,
  activityType: 'a2ui-surface',
  content,
  ...extra,
});
const delta = (messageId: string, patch: unknown, activityType = 'a2ui-surface') => ({
  type: 'ACTIVITY_DELTA',
  messageId,
  activityType,
  patch,
});

const cases: Record<string, Record<string, unknown>[]> = {
  'a snapshot creates, a later one replaces': [started, snapshot('a1', { n: 1 }), snapshot('a1', { n: 2 })],
  'replace: false keeps the content it had': [
    started,
    snapshot('a1', { n: 1 }),
    snapshot('a1', { n: 9 }, { replace: false }),
  ],
  'a delta patches and may change the type': [
    started,
    snapshot('a1', { n: 1, list: [] }),
    delta('a1', [{ op: 'add', path: '/list/-', value: 'x' }], 'plan'),
  ],
  'a failed delta keeps content and type': [
    started,
    snapshot('a1', { n: 1 }),
    delta('a1', [{ op: 'replace', path: '/missing/deep', value: 2 }], 'plan'),
  ],
  'a delta for an unknown id creates nothing': [started, delta('nobody', [{ op: 'add', path: '/x', value: 1 }])],
  'two activities keep their order': [
    started,
    snapshot('a1', { n: 1 }),
    snapshot('a2', { m: 1 }),
    snapshot('a1', { n: 3 }),
  ],
};

describe('activity messages as the client holds them', () => {
  for (const [name, events] of Object.entries(cases)) {
    it(name, async () => {
      expect(ourActivities(events)).toEqual(await clientActivities(events));
    });
  }

  it('each snapshot and delta is a mark saying what the client did with it', () => {
    const s = scenario()
      .open('s1', input)
      .send('s1', started)
      .send('s1', snapshot('a1', { n: 1 }))
      .send('s1', snapshot('a1', { n: 2 }, { replace: false }))
      .send('s1', delta('a1', [{ op: 'remove', path: '/absent' }]))
      .send('s1', delta('a1', [{ op: 'replace', path: '/n', value: 5 }]));
    const [activity] = runAt(s.model, 's1#0').activities;
    expect(activity?.marks.map((m) => [m.event, m.kind, m.effect])).toEqual([
      [1, 'snapshot', 'applied'],
      [2, 'snapshot', 'kept'],
      [3, 'delta', 'failed'],
      [4, 'delta', 'applied'],
    ]);
    expect(activity?.content).toEqual({ n: 5 });
  });
});
