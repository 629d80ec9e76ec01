import { describe, expect, it } from 'vitest';
import type { ExpandIssue } from '../expand/types.js';
import type { Finding } from '../findings.js';
import type { RuleEngine } from '../rules/engine-types.js';
import { getRun, getStream } from '../reduce/lookup.js';
import { createInspector } from './create-inspector.js';
import { createPassThroughExpander, createSilentRuleEngine } from './deps.js';
import { pieces, sseBytes, sseStream, sseText } from './sse.test-helper.js';

const tools = [{ name: 'confirm', description: 'ask', parameters: { type: 'object', required: ['q'] } }];
const run1 = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'confirm', parentMessageId: 'a1' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"ok?"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];

/** Records every engine call as a line; returns one finding per onRunEnd to check wiring. */
function recordingEngine(log: string[]): RuleEngine {
  const f = (rule: string, streamId: string, t: number): Finding => ({
    rule,
    severity: 'notice',
    message: rule,
    streamId,
    events: [],
    t,
  });
  return {
    ...createSilentRuleEngine(),
    onRawEvent: (raw) => (log.push(`raw ${raw.index} ${raw.type}`), []),
    onExpandIssue: (issue: ExpandIssue) => (log.push(`issue ${issue.rule}`), []),
    onEvent: (e, ctx) => (log.push(`event ${e.type} run=${ctx.runAfter?.key ?? '-'}`), []),
    onRunEnd: (run, ctx) => (
      log.push(`run-end ${run.key} ${run.status}`),
      [f('test/run-end', ctx.streamId, run.endedAt ?? 0)]
    ),
    onStreamEnd: (s) => (log.push(`stream-end ${s.info.streamId} ${s.end?.reason}`), []),
    onRunFollowed: (prev, next) => (log.push(`followed ${prev.key} -> ${next.key}`), []),
  };
}

describe('createInspector', () => {
  it('decodes real encoder SSE split anywhere, builds the model and calls the engine in order', () => {
    const log: string[] = [];
    const insp = createInspector({
      deps: { createRuleEngine: () => recordingEngine(log), createChunkExpander: createPassThroughExpander },
    });
    insp.openStream(sseStream('s1', { threadId: 't1', runId: 'r1', messages: [], tools }));
    for (const [i, p] of pieces(sseBytes(run1), 7).entries()) insp.appendBytes('s1', p, 1_100 + i);
    insp.endStream('s1', { reason: 'complete', t: 1_200 });
    const run = getRun(insp.model, 's1#0');
    expect(run?.status).toBe('finished');
    const call = run ? run.toolCalls[0] : undefined;
    expect(call?.args).toBe('{"q":"ok?"}');
    expect(call?.status).toBe('pending');
    expect(call?.schema).toEqual({ state: 'valid' });
    expect(getStream(insp.model, 's1')?.rawEvents.length).toBe(6);
    expect(getStream(insp.model, 's1')?.lineEnding).toBe('lf');
    expect(log.filter((l) => l.startsWith('raw')).length).toBe(6);
    expect(log.slice(-4)).toEqual([
      'raw 5 RUN_FINISHED',
      'event RUN_FINISHED run=s1#0',
      'run-end s1#0 finished',
      'stream-end s1 complete',
    ]);
    expect(insp.model.findings.map((f) => f.rule)).toEqual(['test/run-end']);
    expect(insp.model.counts).toEqual({ error: 0, warning: 0, notice: 1 });
  });

  it('one model object changed in place; every record an event changed carries a newer version, the rest keep theirs', () => {
    const insp = createInspector();
    const model = insp.model;
    const body = Array.from({ length: 3 }, (_, k) =>
      run1.map((e) =>
        'runId' in e ? { ...e, runId: `r${k}` } : 'toolCallId' in e ? { ...e, toolCallId: `c${k}` } : e,
      ),
    ).flat();
    insp.openStream(sseStream('s1', { threadId: 't1', runId: 'r0', messages: [], tools }));
    const text = sseText(body).split(/(?<=\n\n)/);
    const enc = new TextEncoder();
    let previous = model.version;
    for (const [i, frame] of text.entries()) {
      const runsBefore = model.runs.map((r) =>
        [r.key, r.version, r.toolCalls.map((c) => c.version).join(',')].join(' '),
      );
      insp.appendBytes('s1', enc.encode(frame), 1_000 + i);
      expect(insp.model).toBe(model);
      expect(model.version).toBeGreaterThan(previous);
      previous = model.version;
      // Runs an event did not touch keep their versions (the event goes to the last run).
      const runsAfter = model.runs.map((r) =>
        [r.key, r.version, r.toolCalls.map((c) => c.version).join(',')].join(' '),
      );
      expect(runsAfter.slice(0, Math.max(0, runsBefore.length - 1))).toEqual(
        runsBefore.slice(0, Math.max(0, runsBefore.length - 1)),
      );
      const last = model.runs.at(-1);
      if (last) expect(last.version).toBe(model.runs.reduce((v, r) => Math.max(v, r.version), 0));
    }
    const call = model.runs[2]?.toolCalls[0];
    expect(call?.args).toBe('{"q":"ok?"}');
    // The call's version is the one of its last change (END: later events of the run do not touch it).
    expect(call && model.runs[2] ? call.version < model.runs[2].version : false).toBe(true);
  });

  it('calls onRunFollowed once the next run on the thread has its input, and marks the answer', () => {
    const log: string[] = [];
    const insp = createInspector({
      deps: { createRuleEngine: () => recordingEngine(log), createChunkExpander: createPassThroughExpander },
    });
    insp.openStream(sseStream('s1', { threadId: 't1', runId: 'r1', messages: [], tools }, 1_000));
    insp.appendBytes('s1', sseBytes(run1), 1_100);
    insp.endStream('s1', { reason: 'complete', t: 1_200 });
    const answer = { id: 'tm1', role: 'tool', toolCallId: 'c1', content: 'no', error: 'declined' };
    insp.openStream(sseStream('s2', { threadId: 't1', runId: 'r2', messages: [answer], tools }, 2_000));
    insp.appendBytes('s2', sseBytes([{ type: 'RUN_STARTED', threadId: 't1', runId: 'r2' }]), 2_100);
    expect(log.filter((l) => l.startsWith('followed'))).toEqual(['followed s1#0 -> s2#0']);
    insp.endStream('s2', { reason: 'aborted', t: 2_200 });
    expect(log.filter((l) => l.startsWith('followed')).length).toBe(1);
    expect(log).toContain('run-end s2#0 aborted');
    const prev = getRun(insp.model, 's1#0');
    const call = prev ? prev.toolCalls[0] : undefined;
    expect(call?.status).toBe('answered');
    expect(call?.answer).toEqual({ runKey: 's2#0', messageId: 'tm1', content: 'no', error: 'declined' });
  });

  it('defers onRunFollowed until the earlier run has ended when streams overlap', () => {
    const log: string[] = [];
    const insp = createInspector({
      deps: { createRuleEngine: () => recordingEngine(log), createChunkExpander: createPassThroughExpander },
    });
    insp.openStream(sseStream('s1', { threadId: 't1', runId: 'r1', messages: [], tools }, 1_000));
    insp.appendBytes('s1', sseBytes(run1.slice(0, 2)), 1_100);
    insp.openStream(sseStream('s2', { threadId: 't1', runId: 'r2', messages: [], tools }, 2_000));
    insp.appendBytes('s2', sseBytes([{ type: 'RUN_STARTED', threadId: 't1', runId: 'r2' }]), 2_100);
    expect(log.some((l) => l.startsWith('followed'))).toBe(false);
    insp.appendBytes('s1', sseBytes(run1.slice(2)), 2_200);
    expect(log.filter((l) => l.startsWith('followed'))).toEqual(['followed s1#0 -> s2#0']);
    insp.endStream('s1', { reason: 'complete', t: 2_300 });
    insp.endStream('s2', { reason: 'complete', t: 2_400 });
    expect(log.filter((l) => l.startsWith('followed')).length).toBe(1);
    expect(log.filter((l) => l.startsWith('run-end'))).toEqual(['run-end s1#0 finished', 'run-end s2#0 truncated']);
  });

  it('a RUN_STARTED while a run is active ends that run (truncated) before the new one starts', () => {
    const log: string[] = [];
    const insp = createInspector({
      deps: { createRuleEngine: () => recordingEngine(log), createChunkExpander: createPassThroughExpander },
    });
    insp.openStream(sseStream('s1', { threadId: 't1', runId: 'r1', messages: [] }));
    insp.appendBytes('s1', sseBytes([run1[0] ?? {}, { type: 'RUN_STARTED', threadId: 't1', runId: 'r9' }]), 1_100);
    expect(log.filter((l) => !l.startsWith('raw'))).toEqual([
      'event RUN_STARTED run=s1#0',
      'run-end s1#0 truncated',
      'event RUN_STARTED run=s1#1',
    ]);
  });

  it('never throws: unknown streams are ignored and a failing part becomes a finding', () => {
    const engine: RuleEngine = {
      ...createSilentRuleEngine(),
      onEvent: (e) => {
        if (e.type === 'TOOL_CALL_ARGS') throw new Error('rule bug');
        return [];
      },
    };
    const insp = createInspector({
      deps: { createRuleEngine: () => engine, createChunkExpander: createPassThroughExpander },
    });
    insp.appendBytes('nope', new Uint8Array([1, 2]), 1);
    insp.endStream('nope', { reason: 'complete', t: 2 });
    const v = insp.model.version;
    expect(v).toBe(0);
    insp.openStream(sseStream('s1', { threadId: 't1', runId: 'r1', messages: [] }));
    insp.appendBytes('s1', sseBytes(run1), 1_100);
    insp.appendBytes('s1', new TextEncoder().encode('data: {not json\n\n'), 1_101);
    insp.endStream('s1', { reason: 'complete', t: 1_200 });
    insp.appendBytes('s1', sseBytes(run1), 1_300); // after the end: ignored
    const findings = insp.model.findings;
    expect(findings.map((f) => [f.rule, f.events])).toEqual([
      ['inspector/internal-error', [2]],
      ['inspector/internal-error', [3]],
    ]);
    expect(getStream(insp.model, 's1')?.rawEvents.length).toBe(7);
    const call = getRun(insp.model, 's1#0')?.toolCalls[0];
    expect(call?.args).toBe('{"q":"ok?"}');
  });
});

describe('a capture the inspector cut (byte cap)', () => {
  it('is not reported as a protocol problem: its cut-off tail is dropped, not decoded', () => {
    const bytes = sseBytes(run1);
    const cut = bytes.subarray(0, bytes.length - 20); // mid-frame, as a cap cuts
    const findingsFor = (reason: 'complete' | 'capture-truncated') => {
      const insp = createInspector();
      insp.openStream(sseStream('s1', { threadId: 't1', runId: 'r1', messages: [], tools }));
      insp.appendBytes('s1', cut, 1_100);
      insp.endStream('s1', { reason, t: 1_200 });
      return insp.model.findings.map((f) => f.rule);
    };
    expect(findingsFor('complete')).toEqual(expect.arrayContaining(['sse/unterminated-event', 'run/truncated']));
    const ours = findingsFor('capture-truncated');
    expect(ours.filter((r) => r.startsWith('sse/') || r === 'run/truncated')).toEqual([]);
  });
});
