import { describe, expect, it } from 'vitest';
import { repeatOf, runLabels, runMention, type NamedRun } from './run-label.js';

const clock = (t: number): string => new Date(t).toISOString().slice(11, 19);
const T = Date.UTC(2026, 11, 5, 14, 2, 11);
const runs: NamedRun[] = [
  { key: 'tab-1:s1#0', runId: 'c412ab8d-dd10-4b54-b23c-0f7e9a1b2c3d', threadId: 'thread-9f3c-mxamkg5h', startedAt: T },
  {
    key: 'tab-1:s2#0',
    runId: '71ef752b-0470-45a6-b652-9a8b7c6d5e4f',
    threadId: 'thread-9f3c-mxamkg5h',
    startedAt: T + 30_000,
  },
  {
    key: 'tab-1:s3#0',
    runId: '71ef752b-0470-45a6-b652-9a8b7c6d5e4f',
    threadId: 'thread-aa01-qq7rt2zz',
    startedAt: T + 61_000,
  },
  { key: 'tab-1:s4#0', runId: '', threadId: 'thread-aa01-qq7rt2zz', startedAt: T + 62_000, implicit: true },
];

describe('runLabels', () => {
  const labels = runLabels(runs, clock);
  it('names a run by its place, start time and the distinguishing ends of its ids', () => {
    expect(labels.get('tab-1:s1#0')?.text).toBe('#1 · 14:02:11 · thread …mxamkg5h · run …9a1b2c3d');
    expect(labels.get('tab-1:s3#0')?.text).toBe('#3 · 14:03:12 · thread …qq7rt2zz · run …7c6d5e4f [2]');
  });

  it('gives a repeated run id an index, and internal keys never show', () => {
    expect(labels.get('tab-1:s2#0')?.repeat).toBe(1);
    expect(labels.get('tab-1:s3#0')?.mention).toBe("run '71ef752b-0470-45a6-b652-9a8b7c6d5e4f' (2nd with this id)");
    for (const l of labels.values()) expect(`${l.text}${l.title}${l.mention}`).not.toMatch(/s\d#\d|tab-1/);
  });

  it('says when a run had no RUN_STARTED, and puts both whole ids in the title', () => {
    expect(labels.get('tab-1:s4#0')?.run).toBe('(no RUN_STARTED)');
    expect(labels.get('tab-1:s1#0')?.title).toContain("thread 'thread-9f3c-mxamkg5h'");
    expect(labels.get('tab-1:s1#0')?.title).toContain("run 'c412ab8d-dd10-4b54-b23c-0f7e9a1b2c3d'");
  });
});

describe('runMention / repeatOf', () => {
  it('names the run by id, with the repeat only where ids repeat', () => {
    expect(repeatOf(runs, runs[0] as NamedRun)).toBeUndefined();
    expect(repeatOf(runs, runs[2] as NamedRun)).toBe(2);
    expect(runMention(runs[0] as NamedRun, { withThread: true })).toBe(
      "run 'c412ab8d-dd10-4b54-b23c-0f7e9a1b2c3d' on thread 'thread-9f3c-mxamkg5h'",
    );
    expect(runMention({ runId: 'r', threadId: 't', implicit: true })).toBe('run (no RUN_STARTED)');
    expect(runMention({ runId: 'r', threadId: 't' }, { repeat: 11 })).toBe("run 'r' (11th with this id)");
  });
});
