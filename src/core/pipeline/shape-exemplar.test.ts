import { describe, expect, it } from 'vitest';
import { isRetiredThinking } from '../expand/thinking.js';
import { createInspector } from './create-inspector.js';
import { sseBytes, sseStream } from './sse.test-helper.js';
import { buildShapeExemplar, exemplarEvents } from './shape-exemplar.js';
import { EVENT_SCHEMA } from '../events/event-schema.js';
import { createRuleEngine } from '../rules/engine.js';
import type { EventCheck } from '../rules/check-types.js';
import { EVENT_CHECKS } from '../rules/event-checks.js';

describe('the shape exemplar', () => {
  it('leaves nothing of its own session in any inspector', () => {
    const inspector = createInspector();
    expect(inspector.model.streams).toHaveLength(0);
    expect(inspector.model.runs).toHaveLength(0);
    expect(inspector.model.threads).toHaveLength(0);
    expect(inspector.model.findings).toHaveLength(0);
  });

  it('does not share state between inspectors: the same stream id is judged alike in each', () => {
    const bytes = sseBytes([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'missing', delta: '{}' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ]);
    const verdicts = [0, 1].map(() => {
      const inspector = createInspector();
      inspector.openStream(sseStream('s', { threadId: 't', runId: 'r', messages: [], tools: [] }));
      inspector.appendBytes('s', bytes, 1);
      inspector.endStream('s', { reason: 'complete', t: 2 });
      return inspector.model.findings.map((f) => `${f.rule}@${f.events.join(',')}`);
    });
    expect(verdicts[0]!.length).toBeGreaterThan(0);
    expect(verdicts[1]).toEqual(verdicts[0]);
  });
});

describe('the exemplar session', () => {
  // The exemplar keeps alive the shapes of what a session builds; a type it never sends
  // leaves its branch of the engine (and the records that branch makes) to the first real
  // session of each process. Chunk types reach the checks as what they expand to, and the
  // retired THINKING_* events as the REASONING_* events they are translated into.
  const CHUNKS = new Set(['TEXT_MESSAGE_CHUNK', 'TOOL_CALL_CHUNK', 'REASONING_MESSAGE_CHUNK']);

  function fedExemplar(): { readonly wire: Set<string>; readonly checked: Set<string> } {
    const checked = new Set<string>();
    const record = { name: 'test/record-types', check: (c: EventCheck) => void checked.add(c.event.type) };
    const inspector = buildShapeExemplar(() =>
      createInspector({ deps: { createRuleEngine: () => createRuleEngine({ extraChecks: [record] }) } }),
    );
    const stream = inspector.model.streams[0]!;
    const wire = new Set<string>();
    for (let i = 0; i < stream.rawEvents.length; i++) wire.add(stream.rawEvents.at(i)!.type);
    return { wire, checked };
  }

  it('sends every event type of the catalogue on the wire', () => {
    const { wire } = fedExemplar();
    expect(Object.keys(EVENT_SCHEMA).filter((type) => !wire.has(type))).toEqual([]);
  });

  it('brings every event type the engine dispatches to the per-event checks', () => {
    const { checked } = fedExemplar();
    const dispatched = Object.keys(EVENT_SCHEMA).filter((type) => !CHUNKS.has(type) && !isRetiredThinking(type));
    expect(dispatched.filter((type) => !checked.has(type))).toEqual([]);
    expect([...EVENT_CHECKS.keys()].filter((type) => !checked.has(type))).toEqual([]);
  });

  it('dispatches only event types of the catalogue (a misspelt row would judge nothing)', () => {
    expect([...EVENT_CHECKS.keys()].filter((type) => !(type in EVENT_SCHEMA))).toEqual([]);
  });

  it('is the session the exemplar feeds: its events, in order', () => {
    const inspector = buildShapeExemplar(() => createInspector());
    const stream = inspector.model.streams[0]!;
    const types = Array.from({ length: stream.rawEvents.length }, (_, i) => stream.rawEvents.at(i)!.type);
    expect(types).toEqual(exemplarEvents().map((e) => e['type']));
  });
});
