import { describe, expect, it } from 'vitest';
import { createInspector } from '../../../core/pipeline/create-inspector.js';
import type { RunModel } from '../../../core/model/types.js';
import { alignByName } from './align-calls.js';
import { compareRuns, type CompareSide } from './compare-runs.js';
import { diffValues } from './json-diff.js';

/** A real run from the real pipeline, one event per ms. */
function side(runId: string, events: readonly Record<string, unknown>[]): CompareSide {
  const inspector = createInspector();
  const streamId = `s-${runId}`;
  inspector.openStream({
    streamId,
    transport: 'import',
    encoding: 'events',
    url: 'http://localhost/agent',
    method: 'POST',
    requestHeaders: {},
    status: 200,
    contentType: 'application/json',
    startedAt: 1000,
  });
  const all = [
    { type: 'RUN_STARTED', threadId: 't', runId },
    ...events,
    { type: 'RUN_FINISHED', threadId: 't', runId },
  ];
  all.forEach((e, i) => inspector.appendEvent(streamId, e, 1000 + i));
  inspector.endStream(streamId, { reason: 'complete', t: 1000 + all.length });
  const run = inspector.model.runs[0] as RunModel;
  return { source: 'test', run, findings: inspector.model.findings };
}

const call = (id: string, name: string, args: unknown, result?: unknown) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: JSON.stringify(args) },
  { type: 'TOOL_CALL_END', toolCallId: id },
  ...(result !== undefined
    ? [{ type: 'TOOL_CALL_RESULT', messageId: `r-${id}`, toolCallId: id, content: JSON.stringify(result) }]
    : []),
];
const text = (id: string, s: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: s },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];

describe('alignByName', () => {
  it('pairs equal names in order and leaves an inserted item unpaired instead of shifting the rest', () => {
    const pairs = alignByName(['a', 'b', 'c'], ['a', 'x', 'b', 'c'], (s) => s);
    expect(pairs).toEqual([{ a: 'a', b: 'a' }, { b: 'x' }, { a: 'b', b: 'b' }, { a: 'c', b: 'c' }]);
  });
});

describe('diffValues', () => {
  it('lists the changed, added and removed paths of two JSON texts', () => {
    const d = diffValues(
      '{"city":"Lisbon","unit":"celsius","days":[1,2]}',
      '{"city":"Lisbon","unit":"kelvin","x":1,"days":[1]}',
    );
    expect(d.kind).toBe('json');
    if (d.kind !== 'json') return;
    const byPath = new Map(d.changes.map((c) => [c.path, c]));
    expect(byPath.get('/unit')).toEqual({ kind: 'changed', path: '/unit', a: 'celsius', b: 'kelvin' });
    expect(byPath.get('/x')).toMatchObject({ kind: 'added', b: 1 });
    expect(byPath.get('/days/1')).toMatchObject({ kind: 'removed', a: 2 });
    expect(byPath.has('/city')).toBe(false);
  });

  it('says same for equal JSON written differently, and diffs non-JSON as text', () => {
    expect(diffValues('{"a":1, "b":2}', '{"b":2,"a":1}')).toEqual({ kind: 'same' });
    const t = diffValues('{"a":1', '{"a":2');
    expect(t.kind).toBe('text');
    if (t.kind === 'text') expect(t.parts.filter((p) => p.added).map((p) => p.value)).toEqual(['2']);
    expect(diffValues('plain', { a: 1 }).kind).toBe('text');
  });

  it('gives up with lengths instead of diffing two large unrelated texts', () => {
    const a = 'a'.repeat(5000);
    const b = 'y'.repeat(5000);
    expect(diffValues(a, b)).toEqual({ kind: 'too-large', aLength: 5000, bLength: 5000 });
  });
});

describe('compareRuns', () => {
  it('pairs calls by order and name and shows the one argument that differs', () => {
    const a = side('r1', [
      ...text('m1', 'Checking Lisbon.'),
      ...call('c1', 'get_weather', { city: 'Lisbon', unit: 'celsius' }, { t: 21 }),
    ]);
    const b = side('r2', [
      ...text('m1', 'Checking Lisbon now.'),
      ...call('k9', 'get_weather', { city: 'Lisbon', unit: 'fahrenheit' }, { t: 21 }),
    ]);
    const c = compareRuns(a, b);
    expect(c.calls).toHaveLength(1);
    const pair = c.calls[0];
    expect(pair?.name).toBe('get_weather');
    expect(pair?.args).toEqual({
      kind: 'json',
      changes: [{ kind: 'changed', path: '/unit', a: 'celsius', b: 'fahrenheit' }],
    });
    expect(pair?.result).toEqual({ kind: 'same' });
    expect(c.differingCalls).toBe(1);
    expect(c.text.same).toBe(false);
    expect(c.text.parts?.filter((p) => p.added).map((p) => p.value.trim())).toEqual(['now']);
    expect(c.a.events).toBe(a.run.lastEvent - a.run.firstEvent + 1);
    expect(c.a.durationMs).toBe((a.run.endedAt ?? 0) - a.run.startedAt);
  });

  it('keeps calls that only one run made apart and lists findings only one run has', () => {
    const a = side('r1', [...call('c1', 'search', { q: 'x' }), ...call('c2', 'fetch', { u: 1 })]);
    // An ARGS for a call never started: a finding run a does not have.
    const b = side('r2', [
      ...call('c1', 'search', { q: 'x' }),
      { type: 'TOOL_CALL_ARGS', toolCallId: 'ghost', delta: '{}' },
    ]);
    const c = compareRuns(a, b);
    expect(c.calls.map((p) => [p.a?.name ?? '-', p.b?.name ?? '-'])).toEqual([
      ['search', 'search'],
      ['fetch', '-'],
    ]);
    expect(c.calls[0]?.args).toEqual({ kind: 'same' });
    expect(c.onlyA).toEqual([]);
    expect(c.onlyB.length).toBeGreaterThan(0);
    expect(c.onlyB.map((f) => f.rule)).toEqual(expect.arrayContaining(b.findings.map((f) => f.rule)));
  });

  it('says same when two runs say the same thing', () => {
    const a = side('r1', text('m1', 'Hello'));
    const b = side('r2', text('m9', 'Hello'));
    const c = compareRuns(a, b);
    expect(c.text).toEqual({ same: true });
    expect(c.differingCalls).toBe(0);
  });
});

describe('compareRuns on long runs', () => {
  it('says a very long text differs without diffing it word by word', () => {
    const long = 'word '.repeat(12_000);
    const a = side('r1', text('m1', long));
    const b = side('r2', text('m1', `${long}extra`));
    expect(compareRuns(a, b).text).toEqual({ same: false, tooLarge: true });
  });
});
