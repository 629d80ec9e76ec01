import { describe, expect, it } from 'vitest';
import {
  checkEventFields,
  decodeEventPayload,
  decodeEventSourceMessage,
  decodeImportedEvent,
  PREVIEW_CHARS,
} from './decode.js';
import { EVENT_SCHEMA, EVENT_TYPES_1_0 } from './event-schema.js';

const kinds = (text: string) => decodeEventPayload(text).problems.map((p) => p.kind);

describe('decodeEventPayload', () => {
  it('decodes a valid event with no problems', () => {
    const d = decodeEventPayload('{"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"search"}');
    expect(d.type).toBe('TOOL_CALL_START');
    expect(d.problems).toEqual([]);
    expect(d.payload).toEqual({ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' });
  });

  it('reports invalid JSON with the parser message and a capped preview', () => {
    const text = `{"type":"RUN_STARTED",${'x'.repeat(5000)}`;
    const d = decodeEventPayload(text);
    expect(d.type).toBe('');
    expect(d.payload).toBeUndefined();
    const [p] = d.problems;
    expect(p?.kind).toBe('invalid-json');
    if (p?.kind !== 'invalid-json') return;
    expect(p.message).toMatch(/SyntaxError/);
    expect(p.text.startsWith('{"type":"RUN_STARTED"')).toBe(true);
    expect(p.text.length).toBeLessThan(PREVIEW_CHARS + 40);
    expect(p.message.length).toBeLessThan(400);
  });

  it('survives JSON nested 100k deep (either parses or reports, never throws)', () => {
    const deep = `{"type":"CUSTOM","name":"n","value":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const d = decodeEventPayload(deep);
    if (d.problems.length > 0) expect(d.problems[0]?.kind).toBe('invalid-json');
    else expect(d.type).toBe('CUSTOM');
    const unbalanced = decodeEventPayload('['.repeat(100_000));
    expect(unbalanced.problems.map((p) => p.kind)).toEqual(['invalid-json']);
  });

  it('reports non-object payloads', () => {
    expect(kinds('42')).toEqual(['not-an-object']);
    expect(kinds('[{"type":"RUN_STARTED"}]')).toEqual(['not-an-object']);
    expect(kinds('"RUN_STARTED"')).toEqual(['not-an-object']);
    expect(kinds('null')).toEqual(['not-an-object']);
    expect(decodeEventPayload('42').payload).toBe(42);
  });

  it('keeps unknown types with a problem', () => {
    const d = decodeEventPayload('{"type":"META","metaType":"x"}');
    expect(d.type).toBe('META');
    expect(d.problems.map((p) => p.kind)).toEqual(['unknown-type']);
  });

  it('handles a 1 MB tool name', () => {
    const name = 'n'.repeat(1 << 20);
    const d = decodeEventPayload(JSON.stringify({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: name }));
    expect(d.problems).toEqual([]);
    expect((d.payload as { toolCallName: string }).toolCallName.length).toBe(1 << 20);
  });
});

describe('checkEventFields', () => {
  it('knows the 31 types of 1.0 and flags THINKING_* as deprecated, not unknown', () => {
    expect(EVENT_TYPES_1_0).toHaveLength(31);
    const r = checkEventFields({ type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'hm' });
    // Not a fault: the client translates it, and the notice says into what.
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ kind: 'adjusted', what: 'retired-type' });
    expect(r.problems[0]?.message).toMatch(/THINKING_TEXT_MESSAGE_CONTENT is a retired.*REASONING_MESSAGE_CONTENT/);
    expect(r.deprecated).toMatch(/REASONING_MESSAGE_CONTENT/);
    expect(checkEventFields({ type: 'THINKING_TEXT_MESSAGE_CONTENT' }).problems[0]).toMatchObject({
      kind: 'malformed',
      field: 'delta',
    });
  });

  it('names a missing required field', () => {
    const r = checkEventFields({ type: 'TOOL_CALL_START', toolCallId: 'c1' });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ kind: 'malformed', field: 'toolCallName' });
    expect(r.problems[0]?.message).toContain('toolCallName');
  });

  it('names a field of the wrong type and what it got', () => {
    const r = checkEventFields({ type: 'TOOL_CALL_ARGS', toolCallId: 7, delta: 'x' });
    expect(r.problems[0]).toMatchObject({ kind: 'malformed', field: 'toolCallId' });
    expect(r.problems[0]?.message).toMatch(/7.*string/);
  });

  it('warns on optional nulls but treats subagentRunId/metadata null as malformed', () => {
    const p = checkEventFields({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'n', parentMessageId: null });
    expect(p.problems).toEqual([expect.objectContaining({ kind: 'null-field', field: 'parentMessageId' })]);
    const s = checkEventFields({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '', subagentRunId: null });
    expect(s.problems).toEqual([expect.objectContaining({ kind: 'malformed', field: 'subagentRunId' })]);
    const m = checkEventFields({ type: 'RUN_ERROR', message: 'x', metadata: null });
    expect(m.problems).toEqual([expect.objectContaining({ kind: 'malformed', field: 'metadata' })]);
    const o = checkEventFields({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: null });
    expect(o.problems).toEqual([expect.objectContaining({ kind: 'null-field', field: 'outcome' })]);
  });

  it('checks enums and outcomes', () => {
    expect(checkEventFields({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'tool' }).problems[0]).toMatchObject({
      field: 'role',
    });
    expect(checkEventFields({ type: 'REASONING_MESSAGE_START', messageId: 'm' }).problems[0]).toMatchObject({
      field: 'role',
    });
    // An unknown outcome type is an unknown union member: stripped, not malformed.
    const done = checkEventFields({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'done' } });
    expect(done.problems).toHaveLength(1);
    expect(done.problems[0]).toMatchObject({ kind: 'adjusted', what: 'unknown-outcome', field: '/outcome' });
    expect(done.problems[0]?.message).toMatch(/type "done", which the client does not know.*strips the outcome/);
    // A value that is no outcome at all stays malformed, and says what it is.
    const array = checkEventFields({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: [{ type: 'success' }] });
    expect(array.problems[0]).toMatchObject({ kind: 'malformed', field: 'outcome' });
    expect(array.problems[0]?.message).toBe(
      'RUN_FINISHED.outcome is an array: expected an object whose "type" is one of "success", "interrupt", "cancelled"',
    );
    expect(
      checkEventFields({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { kind: 'x' } }).problems[0]
        ?.message,
    ).toMatch(/no string "type"/);
    expect(
      checkEventFields({
        type: 'RUN_FINISHED',
        threadId: 't',
        runId: 'r',
        outcome: { type: 'interrupt', interrupts: [] },
      }).problems[0],
    ).toMatchObject({ field: 'outcome.interrupts' });
    expect(
      checkEventFields({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'cancelled' } }).problems,
    ).toEqual([]);
    expect(
      checkEventFields({ type: 'SUBAGENT_FINISHED', subagentRunId: 's', outcome: { type: 'suspended' } }).problems,
    ).toEqual([]);
    expect(
      checkEventFields({ type: 'SUBAGENT_FINISHED', subagentRunId: 's', outcome: { type: 'cancelled' } }).problems,
    ).toMatchObject([{ kind: 'adjusted', what: 'unknown-outcome' }]);
  });

  it('accepts string or content parts in tool results, and nothing else', () => {
    const base = { type: 'TOOL_CALL_RESULT', messageId: 'm', toolCallId: 'c' };
    expect(checkEventFields({ ...base, content: 'ok' }).problems).toEqual([]);
    expect(checkEventFields({ ...base, content: [{ type: 'text', text: 'ok' }] }).problems).toEqual([]);
    expect(checkEventFields({ ...base, content: { text: 'ok' } }).problems[0]).toMatchObject({ field: 'content' });
  });

  it('requires RAW.event and CUSTOM.value to be present (any value)', () => {
    expect(checkEventFields({ type: 'RAW' }).problems[0]).toMatchObject({ kind: 'malformed', field: 'event' });
    expect(checkEventFields({ type: 'CUSTOM', name: 'n', value: false }).problems).toEqual([]);
  });

  it('takes null as a value of the any-JSON fields, and only there', () => {
    for (const e of [
      { type: 'STATE_SNAPSHOT', snapshot: null },
      { type: 'CUSTOM', name: 'n', value: null },
      { type: 'RAW', event: null },
    ])
      expect(checkEventFields(e).problems, e.type).toEqual([]);
    expect(checkEventFields({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: null }).problems[0]).toMatchObject({
      kind: 'malformed',
      field: 'delta',
    });
  });

  it('names each property the event does not describe (the client strips it), by JSON pointer', () => {
    const clean = { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'd', timestamp: 1, metadata: {} };
    expect(checkEventFields(clean).problems).toEqual([]);
    const r = checkEventFields({ ...clean, futureProp: 1, 'a/b': 2 });
    expect(r.problems.map((p) => ('field' in p ? p.field : ''))).toEqual(['/futureProp', '/a~1b']);
    expect(r.problems[0]).toMatchObject({ kind: 'adjusted', what: 'unknown-property' });
    expect(r.problems[0]?.message).toMatch(/carries "futureProp".*strips it.*delivers the rest/);
  });

  it('names content parts of an unknown kind in a messages snapshot, by path', () => {
    const parts = (...kinds: string[]) => ({
      type: 'MESSAGES_SNAPSHOT',
      messages: [{ id: 'u', role: 'user', content: kinds.map((type) => ({ type, text: 'x' })) }],
    });
    expect(checkEventFields(parts('text', 'image', 'audio', 'video', 'document', 'binary')).problems).toEqual([]);
    const r = checkEventFields(parts('text', 'hologram', 'text'));
    expect(r.problems).toMatchObject([
      { kind: 'adjusted', what: 'unknown-content-part', field: '/messages/0/content/1' },
    ]);
    expect(r.problems[0]?.message).toMatch(/"hologram" part.*drops that part.*keeps the rest/);
  });

  it('notes a declared protocol version newer than 1.1 or unreadable, and is quiet otherwise', () => {
    const started = (protocolVersion: string) => ({ type: 'RUN_STARTED', threadId: 't', runId: 'r', protocolVersion });
    for (const quiet of ['1.1', '1.0', '0.0.57', '1.1.3'])
      expect(checkEventFields(started(quiet)).problems, quiet).toEqual([]);
    for (const newer of ['1.2', '2.0']) {
      const [p] = checkEventFields(started(newer)).problems;
      expect(p, newer).toMatchObject({ kind: 'adjusted', what: 'newer-version' });
      expect(p?.message).toContain(`"${newer}", newer than 1.1`);
    }
    const [odd] = checkEventFields(started('draft')).problems;
    expect(odd).toMatchObject({ kind: 'adjusted', what: 'unreadable-version' });
    expect(odd?.message).toMatch(/"draft", which is not a MAJOR\.MINOR version/);
  });

  it('requires an id and a reason on every interrupt (the 1.0 schema)', () => {
    const finished = (interrupts: unknown[]) => ({
      type: 'RUN_FINISHED',
      threadId: 't',
      runId: 'r',
      outcome: { type: 'interrupt', interrupts },
    });
    expect(checkEventFields(finished([{ id: 'i1', reason: 'approval' }])).problems).toEqual([]);
    const r = checkEventFields(finished([{ id: 'i1' }, { reason: 'x', id: 3 }]));
    expect(r.problems).toMatchObject([
      { kind: 'malformed', field: 'outcome.interrupts[0].reason' },
      { kind: 'malformed', field: 'outcome.interrupts[1].id' },
    ]);
    expect(r.problems[0]?.message).toBe(
      'RUN_FINISHED.outcome.interrupts[0] lacks required "reason": an interrupt needs a string reason',
    );
  });

  it('flags a null subagentRunId on snapshot messages', () => {
    const r = checkEventFields({
      type: 'MESSAGES_SNAPSHOT',
      messages: [{ id: 'a', role: 'user', content: 'hi', subagentRunId: null }],
    });
    expect(r.problems[0]).toMatchObject({ kind: 'malformed', field: 'messages[0].subagentRunId' });
  });

  it('reports an object without a type', () => {
    const r = checkEventFields({ toolCallId: 'c' });
    expect(r.type).toBe('');
    expect(r.problems[0]).toMatchObject({ kind: 'malformed', field: 'type' });
  });

  it('accepts a minimal valid event of every 1.0 type built from the table', () => {
    const sample: Record<string, unknown> = {
      string: 's',
      number: 1,
      boolean: true,
      object: {},
      array: [],
      'string-array': [],
      any: 0,
      'string-or-parts': 's',
    };
    for (const type of EVENT_TYPES_1_0) {
      const spec = EVENT_SCHEMA[type];
      if (spec === undefined) throw new Error(type);
      const event: Record<string, unknown> = { type };
      for (const [field, kind] of Object.entries(spec.required)) {
        event[field] =
          typeof kind === 'string' ? sample[kind] : 'enum' in kind ? kind.enum[0] : { type: kind.outcome[0] };
      }
      expect([type, checkEventFields(event).problems]).toEqual([type, []]);
    }
  });
});

describe('non-byte transports', () => {
  it('decodes an EventSource message with an ordinal span and real event/id fields only', () => {
    const raw = decodeEventSourceMessage(
      's',
      3,
      { event: 'message', data: '{"type":"RUN_ERROR","message":"x"}', lastEventId: '' },
      10,
    );
    expect(raw).toMatchObject({
      index: 3,
      streamId: 's',
      t: 10,
      span: { start: 3, end: 4 },
      type: 'RUN_ERROR',
      problems: [],
    });
    expect(raw.sseEvent).toBeUndefined();
    expect(raw.sseId).toBeUndefined();
    const named = decodeEventSourceMessage('s', 0, { event: 'agui', data: '{', lastEventId: '7' }, 1);
    expect(named).toMatchObject({ sseEvent: 'agui', sseId: '7', type: '' });
    expect(named.problems[0]?.kind).toBe('invalid-json');
  });

  it('decodes an imported event', () => {
    const raw = decodeImportedEvent('s', 5, 17, 2);
    expect(raw).toMatchObject({ index: 5, span: { start: 5, end: 6 }, payload: 17, type: '' });
    expect(raw.problems[0]?.kind).toBe('not-an-object');
  });
});
