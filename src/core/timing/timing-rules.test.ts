// The timing rules, each with the input that triggers it and a close variant that must not:
// real SSE bytes fed at chosen capture times, and Inspector.tick for time passing.
import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseBytes, sseStream } from '../pipeline/sse.test-helper.js';
import type { Inspector } from '../inspector.js';

const T0 = 1_000_000;
const utf8 = new TextEncoder();
const started = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };
const text = (delta: string): object[] => [
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
];
const finished = { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' };
const limits = { openAfterTerminalMs: 5000, stallMs: 3000, bufferedSilenceMs: 2000 };

function open(): Inspector {
  const inspector = createInspector({ timing: limits });
  inspector.openStream(sseStream('s', { threadId: 't1', runId: 'r1', messages: [] }, T0));
  return inspector;
}

const rules = (inspector: Inspector, id: string) => inspector.model.findings.filter((f) => f.rule === id);

describe('timing/open-after-terminal', () => {
  it('reports a body still open past the grace after RUN_FINISHED, once, when told the time', () => {
    const inspector = open();
    inspector.appendBytes('s', sseBytes([started, ...text('hi'), finished]), T0 + 100);
    inspector.appendBytes('s', utf8.encode(': keep-alive\n\n'), T0 + 3000);
    inspector.tick(T0 + 4000);
    expect(rules(inspector, 'timing/open-after-terminal')).toHaveLength(0);
    inspector.tick(T0 + 5200);
    inspector.tick(T0 + 9000);
    const found = rules(inspector, 'timing/open-after-terminal');
    expect(found).toHaveLength(1);
    expect(found[0]?.severity).toBe('error');
    expect(found[0]?.runId).toBe('r1');
    expect(found[0]?.message).toContain('still open 5.1 s after RUN_FINISHED');
  });

  it('reports a body that ended only long after RUN_ERROR, from the end time alone', () => {
    const inspector = open();
    inspector.appendBytes('s', sseBytes([started, { type: 'RUN_ERROR', message: 'boom' }]), T0 + 100);
    inspector.endStream('s', { reason: 'complete', t: T0 + 12_100 });
    const found = rules(inspector, 'timing/open-after-terminal');
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain('stayed open 12 s after RUN_ERROR');
  });

  it('does not report a body that ends within the grace, or an open run', () => {
    const closed = open();
    closed.appendBytes('s', sseBytes([started, ...text('hi'), finished]), T0 + 100);
    closed.endStream('s', { reason: 'complete', t: T0 + 4900 });
    closed.tick(T0 + 60_000);
    expect(rules(closed, 'timing/open-after-terminal')).toHaveLength(0);
    const running = open();
    running.appendBytes('s', sseBytes([started, ...text('hi')]), T0 + 100);
    running.tick(T0 + 2000);
    expect(rules(running, 'timing/open-after-terminal')).toHaveLength(0);
  });
});

describe('timing/stall', () => {
  it('reports a silence inside an open run once the next event arrives, keep-alives aside', () => {
    const inspector = open();
    inspector.appendBytes('s', sseBytes([started]), T0 + 10);
    for (let k = 1; k <= 4; k++) inspector.appendBytes('s', utf8.encode(': keep-alive\n\n'), T0 + k * 1000);
    inspector.appendBytes('s', sseBytes([...text('late'), finished]), T0 + 4010);
    const found = rules(inspector, 'timing/stall');
    expect(found).toHaveLength(1);
    expect(found[0]?.events).toEqual([1, 0]);
    expect(found[0]?.message).toContain('No event for 4 s');
  });

  it('reports a stall in progress when told the time, and not again when the events resume', () => {
    const inspector = open();
    inspector.appendBytes('s', sseBytes([started]), T0 + 10);
    inspector.tick(T0 + 2000);
    expect(rules(inspector, 'timing/stall')).toHaveLength(0);
    inspector.tick(T0 + 3500);
    expect(rules(inspector, 'timing/stall')).toHaveLength(1);
    inspector.appendBytes('s', sseBytes([finished]), T0 + 5000);
    expect(rules(inspector, 'timing/stall')).toHaveLength(1);
  });

  it('does not report a steady run, or a silence after the run ended', () => {
    const inspector = open();
    inspector.appendBytes('s', sseBytes([started]), T0 + 10);
    inspector.appendBytes('s', sseBytes(text('a')), T0 + 2900);
    inspector.appendBytes('s', sseBytes([finished]), T0 + 5800);
    inspector.tick(T0 + 9000);
    expect(rules(inspector, 'timing/stall')).toHaveLength(0);
  });
});

describe('timing/buffered', () => {
  it('reports a run whose events all arrived in one burst after a silence', () => {
    const inspector = open();
    inspector.appendBytes('s', sseBytes([started, ...text('all at once'), finished]), T0 + 3000);
    const found = rules(inspector, 'timing/buffered');
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain('a proxy or compression is buffering the stream');
    expect(found[0]?.message).toContain('after 3 s of silence since the response headers');
  });

  it('does not report a run streamed as it was produced, or a quick answer', () => {
    const streamed = open();
    streamed.appendBytes('s', sseBytes([started]), T0 + 2500);
    streamed.appendBytes('s', sseBytes(text('a')), T0 + 2800);
    streamed.appendBytes('s', sseBytes([finished]), T0 + 3100);
    expect(rules(streamed, 'timing/buffered')).toHaveLength(0);
    const quick = open();
    quick.appendBytes('s', sseBytes([started, ...text('a'), finished]), T0 + 300);
    expect(rules(quick, 'timing/buffered')).toHaveLength(0);
  });
});

describe('a capture without per-piece times', () => {
  it('gets no timing finding: a HAR body is one piece at the request start', () => {
    const inspector = createInspector({ timing: limits });
    inspector.openStream({ ...sseStream('h', {}, T0), transport: 'import' });
    inspector.appendBytes('h', sseBytes([started, ...text('a'), finished]), T0);
    inspector.endStream('h', { reason: 'complete', t: T0 + 40_000 });
    inspector.tick(T0 + 90_000);
    expect(inspector.model.findings.filter((f) => f.rule.startsWith('timing/'))).toEqual([]);
  });
});

describe('Inspector.setTimingLimits', () => {
  it('judges open bodies and stalls with the thresholds set while the session runs', () => {
    const inspector = open();
    inspector.appendBytes('s', sseBytes([started, ...text('hi'), finished]), T0 + 100);
    inspector.tick(T0 + 2200);
    expect(rules(inspector, 'timing/open-after-terminal')).toHaveLength(0);
    // The user lowers the grace from 5 s to 1 s: the body open 2.1 s is now a finding.
    inspector.setTimingLimits({ openAfterTerminalMs: 1000 });
    inspector.tick(T0 + 2300);
    expect(rules(inspector, 'timing/open-after-terminal')).toHaveLength(1);
    expect(rules(inspector, 'timing/open-after-terminal')[0]?.message).toContain('still open 2.2 s after RUN_FINISHED');
  });

  it('keeps the other thresholds when one is set', () => {
    const inspector = open();
    inspector.setTimingLimits({ openAfterTerminalMs: 60_000 });
    inspector.appendBytes(
      's',
      sseBytes([started, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }]),
      T0 + 100,
    );
    inspector.tick(T0 + 3500);
    expect(rules(inspector, 'timing/stall')).toHaveLength(1);
  });
});
