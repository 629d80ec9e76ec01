// run/truncated through the real facade: a run that a later RUN_STARTED cuts off is not a
// body that ended (run/first-event or run/started-while-active say what is wrong there).
import { describe, expect, it } from 'vitest';
import { createChunkExpander } from '../expand/chunks.js';
import { createInspector } from '../pipeline/create-inspector.js';
import { createRuleEngine } from './engine.js';
import { ev, type Ev } from './rule-cases.test-helper.js';

function feed(events: readonly Ev[]) {
  const inspector = createInspector({ deps: { createRuleEngine, createChunkExpander } });
  inspector.openStream({
    streamId: 's1',
    transport: 'fetch',
    encoding: 'sse',
    url: 'http://agent.test/run',
    method: 'POST',
    requestHeaders: {},
    status: 200,
    contentType: 'text/event-stream',
    startedAt: 1,
  });
  events.forEach((e, i) => inspector.appendEvent('s1', e, 10 + i));
  const rules = (): string[] => inspector.model.findings.map((f) => f.rule);
  return { inspector, rules };
}

const count = (rules: readonly string[], id: string): number => rules.filter((r) => r === id).length;

describe('run/truncated and runs cut off by RUN_STARTED', () => {
  it('an implicit run cut off by RUN_STARTED: run/first-event only, before and after the body ends', () => {
    const { inspector, rules } = feed([ev.text('m1'), ev.textEnd('m1'), ev.started('r1'), ev.finished('r1')]);
    expect(inspector.model.runs.map((r) => [r.implicit === true, r.status])).toEqual([
      [true, 'truncated'],
      [false, 'finished'],
    ]);
    expect(rules()).toContain('run/first-event');
    expect(count(rules(), 'run/truncated')).toBe(0);
    inspector.endStream('s1', { reason: 'complete', t: 99 });
    expect(count(rules(), 'run/truncated')).toBe(0);
  });

  it('a started run cut off by RUN_STARTED while the body goes on: run/started-while-active, no truncation', () => {
    const { rules } = feed([ev.started('r1'), ev.text('m1'), ev.started('r2')]);
    expect(rules()).toContain('run/started-while-active');
    expect(count(rules(), 'run/truncated')).toBe(0);
  });

  it('still fires once when the body ends with the run open (implicit or started)', () => {
    const implicit = feed([ev.text('m1')]);
    implicit.inspector.endStream('s1', { reason: 'complete', t: 99 });
    expect(count(implicit.rules(), 'run/truncated')).toBe(1);
    const started = feed([ev.started('r1'), ev.text('m1')]);
    expect(count(started.rules(), 'run/truncated')).toBe(0);
    started.inspector.endStream('s1', { reason: 'complete', t: 99 });
    expect(count(started.rules(), 'run/truncated')).toBe(1);
  });
});
