// Rule table for protocol 1.1 and the draft: what the client strips, drops or translates,
// run identity, interrupts and usage. Each row goes through the whole core (SSE bytes,
// decode, field checks, rules): fires on a violating stream, silent on its close variant,
// and the message names the concrete value.
import { describe, expect, it } from 'vitest';
import { ev, type Ev } from './rule-cases.test-helper.js';
import { inspect, type Exchange } from './pipeline.test-helper.js';

interface Row {
  readonly rule: string;
  readonly fires: readonly Ev[];
  readonly clean: readonly Ev[];
  readonly says: readonly string[];
  readonly options?: Omit<Exchange, 'events'>;
}

const S = ev.started();
const F = ev.finished();
const request = { threadId: 't1', runId: 'r1', messages: [], tools: [], state: {}, context: [], forwardedProps: {} };
const finishedWith = (outcome: unknown, extra: Ev = {}) => ev.finished('r1', 't1', { outcome, ...extra });
const snapshot = (kind: string): Ev => ({
  type: 'MESSAGES_SNAPSHOT',
  messages: [
    {
      id: 'u1',
      role: 'user',
      content: [
        { type: 'text', text: 'a' },
        { type: kind, text: 'b' },
      ],
    },
  ],
});
const usage = (entry: Ev) => ev.finished('r1', 't1', { usage: [entry] });

const rows: readonly Row[] = [
  {
    rule: 'event/unknown-property',
    fires: [S, ev.text('m1'), ev.content('m1', 'x', { futureProp: 1 }), ev.textEnd('m1'), F],
    clean: [S, ev.text('m1'), ev.content('m1', 'x', { metadata: { a: 1 } }), ev.textEnd('m1'), F],
    says: ['"futureProp"', '/futureProp', 'strips it'],
  },
  {
    rule: 'event/unknown-content-part',
    fires: [S, snapshot('hologram'), F],
    clean: [S, snapshot('image'), F],
    says: ['"hologram"', '/messages/0/content/1'],
  },
  {
    rule: 'run/unknown-outcome-stripped',
    fires: [S, finishedWith({ type: 'paused' })],
    clean: [S, finishedWith({ type: 'cancelled' })],
    says: ['"paused"', 'strips the outcome'],
  },
  {
    rule: 'run/protocol-version-newer',
    fires: [ev.started('r1', 't1', { protocolVersion: '1.2' }), F],
    clean: [ev.started('r1', 't1', { protocolVersion: '1.1' }), F],
    says: ['"1.2"', 'newer than 1.1'],
  },
  {
    rule: 'run/protocol-version-unreadable',
    fires: [ev.started('r1', 't1', { protocolVersion: 'draft' }), F],
    clean: [ev.started('r1', 't1', { protocolVersion: '1.0' }), F],
    says: ['"draft"', 'MAJOR.MINOR'],
  },
  {
    rule: 'reasoning/retired-thinking',
    fires: [S, { type: 'THINKING_START' }, { type: 'THINKING_END' }, F],
    clean: [S, { type: 'REASONING_START', messageId: 'r' }, { type: 'REASONING_END', messageId: 'r' }, F],
    says: ['THINKING_START', 'REASONING_START'],
  },
  {
    rule: 'state/unknown-op-dropped',
    fires: [
      S,
      { type: 'STATE_SNAPSHOT', snapshot: { n: 1 } },
      {
        type: 'STATE_DELTA',
        delta: [
          { op: 'increment', path: '/n', value: 1 },
          { op: 'replace', path: '/n', value: 5 },
        ],
      },
      F,
    ],
    clean: [
      S,
      { type: 'STATE_SNAPSHOT', snapshot: { n: 1 } },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/n', value: 5 }] },
      F,
    ],
    says: ['/delta/0', '"increment"', 'applies the rest'],
  },
  {
    rule: 'run/thread-changed',
    fires: [S, F, ev.started('r2', 't2'), ev.finished('r2', 't2')],
    clean: [S, F, ev.started('r2', 't1'), ev.finished('r2', 't1')],
    says: ["'t2'", "'t1'", 'threadId'],
  },
  {
    rule: 'run/thread-changed',
    fires: [ev.started('r1', 't9'), ev.finished('r1', 't9')],
    clean: [S, F],
    says: ["'t9'", 'the request said', "'t1'"],
    options: { requestBody: request },
  },
  {
    rule: 'run/started-id-mismatch',
    fires: [ev.started('r9'), ev.finished('r9')],
    clean: [S, F],
    says: ["'r9'", "'r1'"],
    options: { requestBody: request },
  },
  {
    rule: 'run/interrupt-id-duplicate',
    fires: [
      S,
      finishedWith({
        type: 'interrupt',
        interrupts: [
          { id: 'i1', reason: 'approval' },
          { id: 'i1', reason: 'approval' },
        ],
      }),
    ],
    clean: [
      S,
      finishedWith({
        type: 'interrupt',
        interrupts: [
          { id: 'i1', reason: 'approval' },
          { id: 'i2', reason: 'approval' },
        ],
      }),
    ],
    says: ["'i1'"],
  },
  {
    rule: 'run/usage-invalid',
    fires: [S, usage({ inputTokens: 10, outputTokens: -1, totalTokens: 9 })],
    clean: [S, usage({ inputTokens: 10, outputTokens: 5, totalTokens: 15, reasoningTokens: 5, cachedInputTokens: 10 })],
    says: ['outputTokens is -1', 'RUN_FINISHED.usage[0]'],
  },
  {
    rule: 'run/usage-invalid',
    fires: [S, usage({ inputTokens: 10, cachedInputTokens: 12, outputTokens: 2, reasoningTokens: 3 })],
    clean: [S, usage({ inputTokens: 10, cachedInputTokens: 10, outputTokens: 2.0 })],
    says: ['cachedInputTokens 12 exceeds inputTokens 10', 'reasoningTokens 3 exceeds outputTokens 2'],
  },
  {
    rule: 'activity/patch-failed',
    fires: [S, { type: 'ACTIVITY_DELTA', messageId: 'a9', activityType: 'plan', patch: [] }, F],
    clean: [
      S,
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'a9', activityType: 'plan', content: {} },
      { type: 'ACTIVITY_DELTA', messageId: 'a9', activityType: 'plan', patch: [] },
      F,
    ],
    says: ["'a9'", 'no ACTIVITY_SNAPSHOT created'],
  },
];

describe('protocol 1.1 and draft rules (through the whole core)', () => {
  for (const row of rows) {
    it(`${row.rule}: fires on a violating stream and not on its close variant`, () => {
      const found = inspect(row.fires, { via: 'json', ...row.options }).findings.filter((f) => f.rule === row.rule);
      expect(found.length).toBeGreaterThan(0);
      for (const word of row.says) expect(found[0]?.message).toContain(word);
      const clean = inspect(row.clean, { via: 'json', ...row.options }).findings;
      expect(clean.filter((f) => f.rule === row.rule)).toEqual([]);
    });
  }

  it('no longer calls null in an any-JSON field malformed, nor an unknown outcome type', () => {
    const { findings } = inspect(
      [
        S,
        { type: 'STATE_SNAPSHOT', snapshot: null },
        { type: 'CUSTOM', name: 'n', value: null },
        { type: 'RAW', event: null },
        finishedWith({ type: 'paused' }),
      ],
      { via: 'json' },
    );
    expect(findings.map((f) => f.rule)).toEqual(['run/unknown-outcome-stripped']);
  });

  it('keeps a malformed outcome fatal and says what it is', () => {
    const { findings } = inspect([S, finishedWith([{ type: 'interrupt' }])], { via: 'json' });
    expect(findings.map((f) => f.rule)).toEqual(['event/malformed']);
    expect(findings[0]?.message).toContain('outcome is an array: expected an object whose "type" is one of');
  });
});
