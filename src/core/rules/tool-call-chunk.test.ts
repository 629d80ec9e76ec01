import { describe, expect, it } from 'vitest';
import { TOOL_CALL_CHUNK_RULES } from '../catalogue/tool-call-chunk.js';
import { ev, judge, only } from './rule-cases.test-helper.js';

const S = ev.started();
const chunk = (extra: Record<string, unknown>) => ({ type: 'TOOL_CALL_CHUNK', ...extra });

describe('tool calls: the compact spelling', () => {
  // The expander detects these; the engine gives them catalogue severity and a place.
  for (const rule of TOOL_CALL_CHUNK_RULES.filter((r) => r.id !== 'tool-call/chunk-implicit-end')) {
    it(`${rule.id}: an expander issue becomes a finding with catalogue severity`, () => {
      const found = judge([S, chunk({ delta: '{}' }), { issue: rule.id, toolCallId: 'c1' }], { end: null });
      const [f] = only(found, rule.id);
      expect(f).toMatchObject({
        severity: 'error',
        events: [1],
        toolCallId: 'c1',
        runId: 'r1',
        message: `issue ${rule.id}`,
      });
      expect(
        only(judge([S, chunk({ toolCallId: 'c1', toolCallName: 'x', delta: '{}' })], { end: null }), rule.id),
      ).toEqual([]);
    });
  }

  it('tool-call/chunk-implicit-end: reported from the synthesized END, naming what closed it', () => {
    const steps = [
      S,
      chunk({ toolCallId: 'c1', toolCallName: 'x', delta: '{}' }),
      { synth: { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'x' }, as: 'chunk-start' as const },
      { synth: { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' }, as: 'chunk-args' as const },
      ev.text('m1'),
      { synth: { type: 'TOOL_CALL_END', toolCallId: 'c1' }, as: 'implicit-end' as const, closedByPrev: true },
    ];
    const [f] = only(judge(steps), 'tool-call/chunk-implicit-end');
    expect(f?.severity).toBe('notice');
    expect(f?.message).toContain('TEXT_MESSAGE_START (#2)');
    expect(f?.toolCallId).toBe('c1');
    // an explicit END is not an implicit one, and the expander's own issue is not doubled
    const explicit = judge([S, ev.start('c1'), ev.end('c1'), { issue: 'tool-call/chunk-implicit-end' }]);
    expect(only(explicit, 'tool-call/chunk-implicit-end')).toEqual([]);
  });
});
