import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { ev, testRuleCases, type RuleCase } from './rule-cases.test-helper.js';

const S = ev.started();
const F = ev.finished();
const snapshot = (value: unknown) => ({ type: 'STATE_SNAPSHOT', snapshot: value });
const delta = (ops: unknown) => ({ type: 'STATE_DELTA', delta: ops });
const activity = (content: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'ACTIVITY_SNAPSHOT',
  messageId: 'a1',
  activityType: 'plan',
  content,
  ...extra,
});
const activityDelta = (patch: unknown) => ({ type: 'ACTIVITY_DELTA', messageId: 'a1', activityType: 'plan', patch });

const cases: readonly RuleCase[] = [
  {
    rule: 'state/patch-failed',
    fires: [S, snapshot({ items: [] }), delta([{ op: 'replace', path: '/count', value: 1 }]), F],
    clean: [S, snapshot({ items: [], count: 0 }), delta([{ op: 'replace', path: '/count', value: 1 }]), F],
    says: ['STATE_DELTA does not apply', 'keeps the state it had'],
  },
  {
    // A failed patch leaves the state as it was: a later patch that needs it fails too.
    rule: 'state/patch-failed',
    fires: [S, snapshot({}), delta([{ op: 'remove', path: '/gone' }]), F],
    clean: [S, snapshot({ gone: 1 }), delta([{ op: 'remove', path: '/gone' }]), F],
  },
  {
    rule: 'state/patch-failed',
    fires: [S, delta([{ op: 'add', path: '/a/b', value: 1 }]), F],
    clean: [S, snapshot({ a: {} }), delta([{ op: 'add', path: '/a/b', value: 1 }]), F],
    says: ['no state yet'],
  },
  {
    rule: 'state/patch-failed',
    fires: [S, snapshot({}), delta({ op: 'add', path: '/x', value: 1 }), F],
    clean: [S, snapshot({}), delta([{ op: 'add', path: '/x', value: 1 }]), F],
    says: ['not an array of operations'],
  },
  {
    rule: 'activity/patch-failed',
    fires: [S, activity({ steps: [] }), activityDelta([{ op: 'replace', path: '/title', value: 't' }]), F],
    clean: [S, activity({ steps: [], title: '' }), activityDelta([{ op: 'replace', path: '/title', value: 't' }]), F],
    says: ["'a1'"],
  },
];

describe('state and activity patches', () => {
  testRuleCases(cases);

  it('applies each patch to the state the earlier ones left, so a chain of valid patches stays clean', () => {
    const insp = createInspector();
    insp.openStream({
      streamId: 's',
      transport: 'fetch',
      encoding: 'sse',
      url: 'http://agent.test/run',
      method: 'POST',
      requestHeaders: {},
      // The client starts from the request's state.
      requestBody: JSON.stringify({ threadId: 't', runId: 'r', messages: [], tools: [], state: { n: 0 } }),
      status: 200,
      contentType: 'text/event-stream',
      startedAt: 0,
    });
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      delta([{ op: 'replace', path: '/n', value: 1 }]),
      delta([{ op: 'add', path: '/list', value: [] }]),
      delta([{ op: 'add', path: '/list/-', value: 'a' }]),
      delta([{ op: 'test', path: '/list/0', value: 'a' }]),
      // Fails: /list has one item. The state stays as it was, so the next one still applies.
      delta([{ op: 'remove', path: '/list/3' }]),
      delta([{ op: 'remove', path: '/list/0' }]),
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    const text = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    insp.appendBytes('s', new TextEncoder().encode(text), 1);
    insp.endStream('s', { reason: 'complete', t: 2 });
    const failed = insp.model.findings.filter((f) => f.rule === 'state/patch-failed');
    expect(failed.map((f) => f.events[0])).toEqual([5]);
  });

  it('never lets a patch reach Object.prototype', () => {
    const insp = createInspector();
    insp.openStream({
      streamId: 's',
      transport: 'fetch',
      encoding: 'sse',
      url: 'u',
      method: 'POST',
      requestHeaders: {},
      status: 200,
      contentType: 'text/event-stream',
      startedAt: 0,
    });
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      snapshot({}),
      delta([{ op: 'add', path: '/__proto__/polluted', value: 'yes' }]),
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    insp.appendBytes('s', new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')), 1);
    insp.endStream('s', { reason: 'complete', t: 2 });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(insp.model.findings.some((f) => f.rule === 'state/patch-failed')).toBe(true);
  });
});
