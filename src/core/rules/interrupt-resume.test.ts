// Interrupts across the run boundary, through the real pipeline: a run that finishes with
// an interrupt outcome, then the next request on the thread with its resume entries.
import { describe, expect, it } from 'vitest';
import { only } from './rule-cases.test-helper.js';
import { inspectAll } from './pipeline.test-helper.js';
import { matchResume, pendingInterrupts } from './interrupt-resume.js';

const interrupted = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  {
    type: 'RUN_FINISHED',
    threadId: 't1',
    runId: 'r1',
    outcome: {
      type: 'interrupt',
      interrupts: [
        { id: 'approve-1', reason: 'tool_approval', message: 'Delete the file?' },
        { id: 'ask-2', reason: 'input_required' },
      ],
    },
  },
];
const next = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r2' },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r2' },
];
const body = (runId: string, resume?: unknown[]) => ({
  threadId: 't1',
  runId,
  messages: [],
  tools: [],
  state: {},
  context: [],
  forwardedProps: {},
  ...(resume ? { resume } : {}),
});
const entry = (interruptId: string, status = 'resolved') => ({ interruptId, status, payload: { ok: true } });

function judgeResume(resume: unknown[] | undefined) {
  return inspectAll([
    { events: interrupted, requestBody: body('r1'), via: 'json' },
    { events: next, requestBody: body('r2', resume), via: 'json' },
  ]).findings;
}

const cases = [
  {
    rule: 'run/resume-missing',
    fires: [entry('approve-1')],
    clean: [entry('approve-1'), entry('ask-2', 'cancelled')],
    says: ["'ask-2'", "run 'r1'", "(run 'r2')", 'unanswered'],
  },
  {
    rule: 'run/resume-unknown',
    fires: [entry('approve-1'), entry('ask-2'), entry('ghost-9')],
    clean: [entry('approve-1'), entry('ask-2')],
    says: ["'ghost-9'", "run 'r1' did not ask"],
  },
  {
    rule: 'run/resume-duplicate',
    fires: [entry('approve-1'), entry('approve-1', 'cancelled'), entry('ask-2')],
    clean: [entry('approve-1'), entry('ask-2')],
    says: ["'approve-1'", 'more than once'],
  },
] as const;

describe('interrupts answered in the next request', () => {
  for (const c of cases)
    it(`${c.rule}: fires on a violating request and not on its close variant`, () => {
      const found = only(judgeResume([...c.fires]), c.rule);
      expect(found).toHaveLength(1);
      for (const word of c.says) expect(found[0]?.message).toContain(word);
      expect(found[0]?.streamId).toBe('s2');
      expect(only(judgeResume([...c.clean]), c.rule)).toEqual([]);
    });

  it('a request with no resume at all leaves every interrupt unanswered', () => {
    const found = only(judgeResume(undefined), 'run/resume-missing');
    expect(found[0]?.message).toContain("'approve-1', 'ask-2'");
  });

  it('resume entries after a run that asked nothing are unknown', () => {
    const found = inspectAll([
      { events: next.map((e) => ({ ...e, runId: 'r1' })), requestBody: body('r1'), via: 'json' },
      { events: next, requestBody: body('r2', [entry('x')]), via: 'json' },
    ]).findings;
    expect(only(found, 'run/resume-unknown')[0]?.message).toContain('without an interrupt outcome');
    expect(only(found, 'run/resume-missing')).toEqual([]);
  });

  it('matches answers to interrupts for the run detail', () => {
    const { model } = inspectAll([{ events: interrupted, requestBody: body('r1'), via: 'json' }]);
    const run = model.runs[0];
    if (!run) throw new Error('no run');
    const asked = pendingInterrupts(run);
    expect(asked.map((i) => [i.id, i.reason])).toEqual([
      ['approve-1', 'tool_approval'],
      ['ask-2', 'input_required'],
    ]);
    const m = matchResume(asked, body('r2', [entry('ask-2', 'cancelled'), entry('ask-2'), entry('zz')]));
    expect(m.interrupts.map((i) => [i.id, i.status, i.entries])).toEqual([
      ['approve-1', undefined, 0],
      ['ask-2', 'cancelled', 2],
    ]);
    expect(m.unknown).toEqual(['zz']);
    expect(m.duplicated).toEqual(['ask-2']);
  });
});
