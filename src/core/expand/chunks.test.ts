import { describe, expect, it } from 'vitest';
import { decodeEventPayload, decodeImportedEvent, makeRawEvent } from '../events/decode.js';
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { ExpandIssue } from './types.js';
import { createChunkExpander } from './chunks.js';
import { EXPAND_RULE_IDS } from './chunk-kinds.js';

type Ev = Record<string, unknown>;

function run(events: readonly (Ev | RawEvent)[]) {
  const x = createChunkExpander();
  const out: ExpandedEvent[] = [];
  const issues: ExpandIssue[] = [];
  events.forEach((e, i) => {
    const raw = 'problems' in e && 'span' in e ? (e as RawEvent) : decodeImportedEvent('s', i, e, 100 + i);
    const r = x.expand(raw);
    out.push(...r.events);
    issues.push(...r.issues);
  });
  return { out, issues, finish: x.finish() };
}
const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };

describe('createChunkExpander', () => {
  it('marks synthesized events and keeps the raw event each came from', () => {
    const { out, issues } = run([
      RS,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'a', delta: '{}' },
      RF,
    ]);
    expect(out.map((e) => [e.type, e.synthesized, e.raw.index])).toEqual([
      ['RUN_STARTED', undefined, 0],
      ['TOOL_CALL_START', 'chunk-start', 1],
      ['TOOL_CALL_ARGS', 'chunk-args', 1],
      ['TOOL_CALL_END', 'implicit-end', 2],
      ['RUN_FINISHED', undefined, 2],
    ]);
    expect(out[3]?.closedBy?.type).toBe('RUN_FINISHED');
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ rule: 'tool-call/chunk-implicit-end', toolCallId: 'c1' });
    expect(issues[0]?.raw.index).toBe(2);
    expect(issues[0]?.message).toContain('"c1"');
    expect(issues[0]?.message).toContain('RUN_FINISHED (event #2)');
  });

  it('names both values in a name conflict and keeps the opener name', () => {
    const { out, issues } = run([
      RS,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'a' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'b', delta: 'x' },
      RF,
    ]);
    const conflict = issues.find((i) => i.rule === 'tool-call/chunk-name-conflict');
    expect(conflict?.message).toBe(
      'TOOL_CALL_CHUNK continues call "c1" with toolCallName "b" but it was opened as "a"',
    );
    expect(conflict?.toolCallId).toBe('c1');
    expect(out.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => e.payload['delta'])).toEqual(['x']);
    expect(out.filter((e) => e.type === 'TOOL_CALL_START')).toHaveLength(1);
  });

  it('reports a parent conflict against an absent opener parent', () => {
    const { issues } = run([
      RS,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'a' },
      { type: 'TOOL_CALL_CHUNK', parentMessageId: 'm2' },
    ]);
    expect(issues.map((i) => i.rule)).toEqual(['tool-call/chunk-parent-conflict']);
    expect(issues[0]?.message).toContain('"m2"');
    expect(issues[0]?.message).toContain('(absent)');
  });

  it('opens a nameless call with an empty name so its arguments stay visible', () => {
    const { out, issues } = run([
      RS,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', delta: '{' },
      { type: 'TOOL_CALL_CHUNK', toolCallName: 'late', delta: '}' },
    ]);
    expect(issues.map((i) => i.rule)).toEqual(['tool-call/chunk-missing-name']);
    expect(out.map((e) => [e.type, e.payload['toolCallName'] ?? e.payload['delta']])).toEqual([
      ['RUN_STARTED', undefined],
      ['TOOL_CALL_START', ''],
      ['TOOL_CALL_ARGS', '{'],
      ['TOOL_CALL_ARGS', '}'],
    ]);
  });

  it('drops an id-less opener after closing its lane, and an ambiguous chunk', () => {
    const missing = run([
      RS,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'a' },
      { type: 'TOOL_CALL_CHUNK', toolCallName: 'x', delta: '{}' },
      RF,
    ]);
    expect(missing.out.map((e) => e.type)).toEqual([
      'RUN_STARTED',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'RUN_FINISHED',
    ]);
    expect(missing.issues.map((i) => i.rule)).toEqual(['tool-call/chunk-missing-id']);
    const ambiguous = run([
      RS,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'a', subagentRunId: 's1' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c2', toolCallName: 'b', subagentRunId: 's2' },
      { type: 'TOOL_CALL_CHUNK', delta: 'lost' },
    ]);
    expect(ambiguous.issues.map((i) => i.rule)).toEqual(['tool-call/chunk-ambiguous']);
    expect(ambiguous.issues[0]?.message).toMatch(/2 lanes.*"s1".*"c1".*"s2".*"c2"/);
    expect(ambiguous.out.some((e) => e.payload['delta'] === 'lost')).toBe(false);
  });

  it('keeps an owner-clashing chunk on its stream, with the stream attribution', () => {
    const { out, issues } = run([
      RS,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'a', subagentRunId: 's1' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', subagentRunId: 's2', delta: 'x' },
    ]);
    expect(issues.map((i) => i.rule)).toEqual(['tool-call/owner-mismatch']);
    expect(issues[0]?.message).toContain('"s2"');
    expect(out.at(-1)?.payload).toMatchObject({
      type: 'TOOL_CALL_ARGS',
      toolCallId: 'c1',
      subagentRunId: 's1',
      delta: 'x',
    });
  });

  it('leaves a chunk stream in another lane open when an explicit END names it (cross-lane mixed forms)', () => {
    const { out, issues } = run([
      RS,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'a', subagentRunId: 's1' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    ]);
    // As the 1.0 client: the untagged END closes only the parent's lane, so no implicit END for c1.
    expect(out.slice(-2).map((e) => [e.type, e.synthesized, e.payload['subagentRunId']])).toEqual([
      ['TOOL_CALL_START', 'chunk-start', 's1'],
      ['TOOL_CALL_END', undefined, undefined],
    ]);
    expect(issues.map((i) => i.rule)).toEqual(['tool-call/chunk-mixed-forms-cross-lane']);
    expect(issues[0]?.message).toContain('"c1"');
    expect(issues[0]?.message).toContain('subagent "s1"');
  });

  it("ends the chunk stream in the explicit event's own lane (same-lane mixed forms)", () => {
    const { out, issues } = run([
      RS,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'a', subagentRunId: 's1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}', subagentRunId: 's1' },
    ]);
    expect(out.slice(-2).map((e) => [e.type, e.synthesized])).toEqual([
      ['TOOL_CALL_END', 'implicit-end'],
      ['TOOL_CALL_ARGS', undefined],
    ]);
    expect(issues.map((i) => i.rule)).toEqual(['tool-call/chunk-mixed-forms', 'tool-call/chunk-implicit-end']);
  });

  it('does not pass on unusable events, passes unknown types, and finish() synthesizes nothing', () => {
    const invalid = makeRawEvent('s', 1, 0, { start: 0, end: 5 }, decodeEventPayload('{oops'));
    const notObject = makeRawEvent('s', 2, 0, { start: 5, end: 7 }, decodeEventPayload('42'));
    const { out, issues, finish } = run([
      RS,
      invalid,
      notObject,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'a' },
      { type: 'FUTURE_EVENT', x: 1 },
    ]);
    expect(out.map((e) => e.type)).toEqual(['RUN_STARTED', 'TOOL_CALL_START', 'FUTURE_EVENT']);
    expect(out[2]?.payload).toEqual({ type: 'FUTURE_EVENT', x: 1 });
    expect(issues).toEqual([]);
    expect(finish).toEqual({ events: [], issues: [] });
  });

  it('passes on an SSE event decoded from a body that ended before its blank line', () => {
    const d = decodeEventPayload('{"type":"RUN_ERROR","message":"x"}');
    const raw = makeRawEvent(
      's',
      0,
      0,
      { start: 0, end: 40 },
      { ...d, problems: [{ kind: 'truncated-frame', message: 'cut' }] },
    );
    expect(run([raw]).out.map((e) => e.type)).toEqual(['RUN_ERROR']);
  });

  it('closes a text chunk stream with a TEXT_MESSAGE_END but reports no issue for it', () => {
    const { out, issues } = run([
      RS,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'hi' },
      { type: 'STEP_STARTED', stepName: 's' },
    ]);
    expect(out.map((e) => e.type)).toEqual([
      'RUN_STARTED',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'STEP_STARTED',
    ]);
    expect(out[1]?.payload).toEqual({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' });
    expect(out[3]?.closedBy?.type).toBe('STEP_STARTED');
    expect(issues).toEqual([]);
  });

  it('handles a 1 MB tool name without copying it into messages', () => {
    const name = 'n'.repeat(1 << 20);
    const { out, issues } = run([
      RS,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: name },
      { type: 'TOOL_CALL_CHUNK', toolCallName: 'x' },
    ]);
    expect((out[1]?.payload['toolCallName'] as string).length).toBe(1 << 20);
    expect(issues[0]?.rule).toBe('tool-call/chunk-name-conflict');
    expect(issues[0]?.message.length).toBeLessThan(300);
  });

  it('lists every rule id it can report, catalogue ones included', () => {
    for (const id of [
      'tool-call/chunk-missing-id',
      'tool-call/chunk-missing-name',
      'tool-call/chunk-name-conflict',
      'tool-call/chunk-parent-conflict',
      'tool-call/chunk-ambiguous',
      'tool-call/chunk-mixed-forms',
      'tool-call/chunk-mixed-forms-cross-lane',
      'tool-call/chunk-implicit-end',
    ]) {
      expect(EXPAND_RULE_IDS).toContain(id);
    }
  });
});
