import { describe, expect, it } from 'vitest';
import { createInspector } from '../../core/pipeline/create-inspector.js';
import { buildConversation } from './conversation.js';
import { summarizePayload } from './event-summary.js';

const surface = { a2ui_operations: [{ createSurface: { surfaceId: 's1', catalogId: 'basic' } }] };

function activitySession() {
  const insp = createInspector();
  insp.openStream({
    streamId: 's',
    transport: 'fetch',
    encoding: 'sse',
    url: 'http://agent.test/run',
    method: 'POST',
    requestHeaders: {},
    requestBody: JSON.stringify({ threadId: 't', runId: 'r', messages: [], tools: [] }),
    status: 200,
    contentType: 'text/event-stream',
    startedAt: 0,
  });
  const events = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
    { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Here is the form.' },
    { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
    { type: 'ACTIVITY_SNAPSHOT', messageId: 'act-1', activityType: 'a2ui-surface', content: surface },
    {
      type: 'ACTIVITY_DELTA',
      messageId: 'act-1',
      activityType: 'a2ui-surface',
      patch: [{ op: 'add', path: '/status', value: 'painted' }],
    },
    { type: 'ACTIVITY_DELTA', messageId: 'act-1', activityType: 'a2ui-surface', patch: [{ op: 'remove', path: '/x' }] },
    { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
  ];
  insp.appendBytes('s', new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')), 1);
  insp.endStream('s', { reason: 'complete', t: 2 });
  return insp;
}

describe('activities in Events and Messages', () => {
  it('summarises a snapshot by type, id and content, and a delta by its operations', () => {
    expect(summarizePayload('ACTIVITY_SNAPSHOT', { messageId: 'a', activityType: 'plan', content: { n: 1 } })).toBe(
      'plan · a · {"n":1}',
    );
    expect(
      summarizePayload('ACTIVITY_SNAPSHOT', { messageId: 'a', activityType: 'plan', content: {}, replace: false }),
    ).toBe('plan · a · replace: false · {}');
    expect(
      summarizePayload('ACTIVITY_DELTA', {
        messageId: 'a',
        activityType: 'plan',
        patch: [
          { op: 'add', path: '/steps/-' },
          { op: 'remove', path: '/done' },
        ],
      }),
    ).toBe('plan · a · 2 ops: add /steps/-, remove /done');
    expect(summarizePayload('ACTIVITY_DELTA', { messageId: 'a', activityType: 'plan', patch: {} })).toBe(
      'plan · a · patch is not an array',
    );
  });

  it('lists the activity message after the text it followed, with the content the client holds', () => {
    const insp = activitySession();
    const [thread] = buildConversation(insp.model);
    const items = thread?.runs[0]?.items ?? [];
    expect(items.map((i) => i.kind)).toEqual(['text', 'activity']);
    const last = items[1];
    expect(last?.kind === 'activity' ? last.activity.content : undefined).toEqual({ ...surface, status: 'painted' });
    // The failing delta is a finding, as for STATE_DELTA.
    expect(insp.model.findings.map((f) => f.rule)).toContain('activity/patch-failed');
  });
});
