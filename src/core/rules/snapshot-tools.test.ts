// What real adapters do with tool calls: a call restated only in MESSAGES_SNAPSHOT, a
// backend answer that arrives only there, a backend call whose failure left no result.
import { describe, expect, it } from 'vitest';
import { call, ev, judge, only, testRuleCases, type RuleCase } from './rule-cases.test-helper.js';

const S = ev.started();
const F = ev.finished();
const spec = { input: { tools: [{ name: 'confirm' }] } };
const assistantWith = (toolCallId: string, name = 'lookup') => ({
  id: 'a1',
  role: 'assistant',
  content: 'Let me look that up.',
  toolCalls: [{ id: toolCallId, type: 'function', function: { name, arguments: '{}' } }],
});
const snapshot = (...messages: unknown[]) => ({ type: 'MESSAGES_SNAPSHOT', messages });
const toolMessage = (toolCallId: string) => ({ id: `tm-${toolCallId}`, role: 'tool', toolCallId, content: 'done' });
const text = (id: string) => [ev.text(id), ev.content(id, 'Sorry, that failed.'), ev.textEnd(id)];

const cases: readonly RuleCase[] = [
  {
    rule: 'tool-call/snapshot-only',
    // The adapter streamed the text of a1 but dropped its call's TOOL_CALL_* events.
    fires: [S, ...text('a1'), snapshot(assistantWith('c9'), toolMessage('c9')), F],
    clean: [S, ...text('a1'), ...call('c9', 'lookup'), snapshot(assistantWith('c9'), toolMessage('c9')), F],
    spec,
    says: ["'c9'", '(lookup)', "'a1'", 'never saw it arrive'],
  },
  // A call from the request's history, restated by the snapshot, was streamed in its own run.
  {
    rule: 'tool-call/snapshot-only',
    fires: [S, snapshot(assistantWith('h2')), F],
    clean: [S, snapshot(assistantWith('h1')), F],
    spec,
    cleanSpec: { input: { tools: spec.input.tools, messages: [assistantWith('h1'), toolMessage('h1')] } },
    says: ["'h2'"],
  },
  {
    rule: 'tool-call/unadvertised',
    // The backend's answer arrives only as a tool message in the final snapshot: answered.
    fires: [S, ...call('b1', 'lookup'), snapshot(assistantWith('b1')), F],
    clean: [S, ...call('b1', 'lookup'), snapshot(assistantWith('b1'), toolMessage('b1')), F],
    spec,
    says: ["'b1'", 'no tool message in a MESSAGES_SNAPSHOT', 'must decide whether to run an unknown tool'],
  },
];

describe('tool calls and answers only in a snapshot', () => {
  testRuleCases(cases);

  it('names a backend call the agent went on from that left no result, not as unadvertised', () => {
    const found = judge([S, ...call('b1', 'lookup'), ...text('m2'), F], spec);
    expect(only(found, 'tool-call/unadvertised')).toEqual([]);
    const own = only(found, 'tool-call/backend-no-result');
    expect(own).toHaveLength(1);
    expect(own[0]?.toolCallId).toBe('b1');
    expect(own[0]?.message).toContain("Backend call 'b1' (lookup) ran");
    expect(own[0]?.message).toContain('no result arrived');
  });

  it('a backend call answered in the run, or only in the final snapshot, is no finding', () => {
    const answered = judge([S, ...call('b1', 'lookup'), ev.result('b1', 'ok'), ...text('m2'), F], spec);
    expect(only(answered, 'tool-call/backend-no-result')).toEqual([]);
    const inSnapshot = judge(
      [S, ...call('b1', 'lookup'), ...text('m2'), snapshot(assistantWith('b1'), toolMessage('b1')), F],
      spec,
    );
    expect(only(inSnapshot, 'tool-call/backend-no-result')).toEqual([]);
  });

  it('a call to a middleware-injected tool is neither unadvertised nor a backend call without result', () => {
    for (const name of ['render_a2ui', 'AGUISendStateDelta']) {
      const alone = judge([S, ...call('w1', name), F], spec);
      const wentOn = judge([S, ...call('w2', name), ...text('m2'), F], spec);
      for (const found of [alone, wentOn])
        expect(
          found.filter((f) => f.rule === 'tool-call/unadvertised' || f.rule === 'tool-call/backend-no-result'),
        ).toEqual([]);
    }
  });

  it('judges nothing as snapshot-only without the request (history calls cannot be told apart)', () => {
    expect(only(judge([S, snapshot(assistantWith('c9')), F]), 'tool-call/snapshot-only')).toEqual([]);
  });

  it('reports a call once, however many snapshots restate it', () => {
    const s = snapshot(assistantWith('c9'));
    expect(only(judge([S, s, s, F], spec), 'tool-call/snapshot-only')).toHaveLength(1);
  });
});
