import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logToArray } from '../model/log.js';
import type { SessionModel } from '../model/types.js';
import { printModel } from '../print/print-model.js';
import { scenario, type Scenario } from './scenario.test-helper.js';

type Step = { kind: 'event'; stream: string; payload: Record<string, unknown> } | { kind: 'end'; stream: string; reason: 'complete' | 'aborted' };

const id = fc.constantFrom('c1', 'c2', 'c3');
const msg = fc.constantFrom('m1', 'm2');
const stream = fc.constantFrom('s1', 's2');
const payload: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ type: fc.constant('RUN_STARTED'), threadId: fc.constant('t'), runId: fc.constantFrom('r1', 'r2') }),
  fc.record({ type: fc.constant('RUN_FINISHED'), threadId: fc.constant('t'), runId: fc.constant('r1') }),
  fc.record({ type: fc.constant('RUN_ERROR'), message: fc.string({ maxLength: 3 }) }),
  fc.record({ type: fc.constant('TOOL_CALL_START'), toolCallId: id, toolCallName: fc.constantFrom('confirm', 'other') }),
  fc.record({ type: fc.constant('TOOL_CALL_ARGS'), toolCallId: id, delta: fc.constantFrom('{', '}', '"a":1', ',', '[]', ' ') }),
  fc.record({ type: fc.constant('TOOL_CALL_END'), toolCallId: id }),
  fc.record({ type: fc.constant('TOOL_CALL_RESULT'), toolCallId: id, messageId: msg, content: fc.string({ maxLength: 3 }) }),
  fc.record({ type: fc.constant('TEXT_MESSAGE_START'), messageId: msg }),
  fc.record({ type: fc.constant('TEXT_MESSAGE_CONTENT'), messageId: msg, delta: fc.string({ maxLength: 3 }) }),
  fc.record({ type: fc.constant('TEXT_MESSAGE_END'), messageId: msg }),
  fc.record({ type: fc.constant('STATE_DELTA'), delta: fc.constant([]) }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('event' as const), stream, payload }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('end' as const), stream, reason: fc.constantFrom('complete' as const, 'aborted' as const) }) },
);

/** Logs share arrays by design, so compare their logical content, not their storage. */
function plain(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Uint8Array) return Array.from(v);
  if (typeof v === 'object' && v !== null) {
    if ('chunks' in v && 'length' in v && Object.keys(v).length === 2) return logToArray(v as never).map(plain);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}
const snapshot = (m: SessionModel): string => JSON.stringify(plain(m));

function start(): Scenario {
  const tools = [{ name: 'confirm', description: '', parameters: { type: 'object' } }];
  return scenario()
    .open('s1', { threadId: 't', runId: 'r1', messages: [], tools }, 1_000)
    .open('s2', { threadId: 't', runId: 'r2', messages: [{ id: 'x', role: 'tool', toolCallId: 'c1', content: 'y' }], tools }, 2_000);
}
function play(s: Scenario, steps: readonly Step[]): Scenario {
  for (const st of steps) {
    if (st.kind === 'event') s.send(st.stream, st.payload);
    else s.end(st.stream, st.reason);
  }
  return s;
}

describe('reducer purity', () => {
  it('applying never changes an earlier model', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const s = start();
        const snaps: string[] = [];
        s.history.forEach((m) => snaps.push(snapshot(m)));
        for (const st of steps) {
          play(s, [st]);
          snaps.push(snapshot(s.model));
        }
        s.history.forEach((m, i) => expect(snapshot(m)).toBe(snaps[i]));
      }),
      { numRuns: 100 },
    );
  });

  it('continuing from an older model gives what a fresh replay gives (indexes and scans are not shared wrongly)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.array(step, { maxLength: 15 }), fc.nat(30), (main, branch, cut) => {
        const prefix = main.slice(0, Math.min(cut, main.length));
        const first = play(start(), main); // runs ahead, sharing storage with the prefix models
        const older = first.history[2 + prefix.length] as SessionModel;
        const branched = play(scenarioFrom(older, prefix), branch);
        const fresh = play(play(start(), prefix), branch);
        expect(printModel(branched.model)).toBe(printModel(fresh.model));
        expect(snapshot(branched.model)).toBe(snapshot(fresh.model));
      }),
      { numRuns: 150 },
    );
  });

  it('a branch from an older model rescans argument text the newer model already advanced', () => {
    const s = start()
      .send('s1', { type: 'RUN_STARTED', threadId: 't', runId: 'r1' })
      .send('s1', { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'x' })
      .send('s1', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"a":' });
    const older = s.model;
    s.send('s1', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '1}{' }).send('s1', { type: 'TOOL_CALL_END', toolCallId: 'c1' });
    expect(printModel(s.model)).toContain('json: invalid at 8: unexpected end of text');
    s.model = older;
    s.send('s1', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '2}' }).send('s1', { type: 'TOOL_CALL_END', toolCallId: 'c1' });
    expect(printModel(s.model)).toContain('json: valid');
  });
});

/** A scenario continuing from `model` with the wire counters the prefix left. */
function scenarioFrom(model: SessionModel, prefix: readonly Step[]): Scenario {
  const s = start();
  play(s, prefix);
  s.model = model;
  return s;
}
