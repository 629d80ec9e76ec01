// Retired THINKING_* events are modelled as the reasoning the client makes of them.
import { describe, expect, it } from 'vitest';
import { inspect } from '../rules/pipeline.test-helper.js';

const S = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const F = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
const thinking = [
  { type: 'THINKING_START', title: 'Working' },
  { type: 'THINKING_TEXT_MESSAGE_START' },
  { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'Let me ' },
  { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'check.' },
  { type: 'THINKING_TEXT_MESSAGE_END' },
  { type: 'THINKING_END' },
];

describe('retired THINKING_* events', () => {
  it('become a reasoning message in the model, with a notice per event and no error', () => {
    const { model, findings } = inspect([S, ...thinking, F], { via: 'json' });
    const messages = model.runs[0]?.messages ?? [];
    expect(messages.map((m) => [m.kind, m.role, m.text, m.open])).toEqual([
      ['reasoning', 'reasoning', 'Let me check.', false],
    ]);
    expect(findings.filter((f) => f.severity !== 'notice')).toEqual([]);
    expect(findings.filter((f) => f.rule === 'reasoning/retired-thinking')).toHaveLength(thinking.length);
  });

  it('are marked as translated in the expanded events', () => {
    const { model } = inspect([S, ...thinking, F], { via: 'json' });
    const expanded = model.streams[0]?.expanded;
    const second = expanded?.at(2);
    expect([second?.type, second?.synthesized, second?.raw.type]).toEqual([
      'REASONING_MESSAGE_START',
      'translated',
      'THINKING_TEXT_MESSAGE_START',
    ]);
  });

  it('content with no THINKING opener names a minted id nothing opened, which the client rejects', () => {
    const { findings } = inspect([S, { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'x' }, F], { via: 'json' });
    expect(findings.map((f) => f.rule)).toContain('reasoning/not-open');
  });
});
