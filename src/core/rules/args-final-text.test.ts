// Argument verdicts judge the text a call ends with: a reopen withdraws what its earlier
// END concluded (live too), and the last END judges the whole text.
import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseStream } from '../pipeline/sse.test-helper.js';
import { ev } from './rule-cases.test-helper.js';
import { inspect, sseBytes } from './pipeline.test-helper.js';

const S = ev.started();
const F = ev.finished();
const argsRules = (rules: readonly { rule: string; toolCallId?: string; events: readonly number[] }[]) =>
  rules
    .filter((f) => f.rule.startsWith('tool-call/args-'))
    .map((f) => `${f.rule} ${f.toolCallId ?? '-'} #${f.events[0] ?? '?'}`);

describe('argument verdicts on the final text', () => {
  it('a call closed, reopened and completed to valid JSON has no argument finding', () => {
    const run = inspect([
      S,
      ev.start('c1', 'search'),
      ev.args('c1', '{"q":'),
      ev.end('c1'),
      ev.start('c1', 'search'),
      ev.args('c1', '"x"}'),
      ev.end('c1'),
      F,
    ]);
    expect(argsRules(run.findings)).toEqual([]);
    expect(run.findings.map((f) => f.rule)).toContain('tool-call/reopened');
  });

  it('a reopened call whose final text is still not JSON is reported once, at its last END', () => {
    const run = inspect([
      S,
      ev.start('c1', 'search'),
      ev.args('c1', '{"q":'),
      ev.end('c1'),
      ev.start('c1', 'search'),
      ev.args('c1', '"x"'),
      ev.end('c1'),
      F,
    ]);
    // Events: 0 RUN_STARTED, 1 START, 2 ARGS, 3 END, 4 START, 5 ARGS, 6 END.
    expect(argsRules(run.findings)).toEqual(['tool-call/args-not-json c1 #6']);
    expect(run.model.counts.notice).toBe(run.findings.filter((f) => f.severity === 'notice').length);
  });

  it('concatenated values are judged on the whole text after a reopen that re-streams', () => {
    const run = inspect([
      S,
      ev.start('c1', 'search'),
      ev.args('c1', '{"a":1}'),
      ev.end('c1'),
      ev.start('c1', 'search'),
      ev.args('c1', '{"a":1}'),
      ev.end('c1'),
      F,
    ]);
    expect(argsRules(run.findings)).toEqual(['tool-call/args-concatenated c1 #6']);
  });

  it('live: the verdict of the first END is shown, then withdrawn when the reopen arrives', () => {
    const insp = createInspector();
    insp.openStream(sseStream('s1', { threadId: 't1', runId: 'r1', messages: [], tools: [] }));
    const frames = [
      S,
      ev.start('c1', 'search'),
      ev.args('c1', '{"q":'),
      ev.end('c1'),
      ev.start('c1', 'search'),
      ev.args('c1', '"x"}'),
      ev.end('c1'),
      F,
    ];
    const seen: string[][] = [];
    frames.forEach((frame, i) => {
      insp.appendBytes('s1', sseBytes([frame]), 1_000 + i);
      seen.push(argsRules(insp.model.findings));
    });
    expect(seen[3]).toEqual(['tool-call/args-not-json c1 #3']);
    expect(seen[4]).toEqual([]);
    expect(seen[7]).toEqual([]);
    const count = (sev: string) => insp.model.findings.filter((f) => f.severity === sev).length;
    expect(insp.model.counts).toEqual({ error: count('error'), warning: count('warning'), notice: count('notice') });
  });

  it('another call of the same run keeps its verdict when one call is reopened', () => {
    const run = inspect([
      S,
      ev.start('c2', 'other'),
      ev.args('c2', '{'),
      ev.end('c2'),
      ev.start('c1', 'search'),
      ev.args('c1', '{'),
      ev.end('c1'),
      ev.start('c1', 'search'),
      ev.args('c1', '}'),
      ev.end('c1'),
      F,
    ]);
    expect(argsRules(run.findings)).toEqual(['tool-call/args-not-json c2 #3']);
  });
});
