// Property: `retain: 'findings'` judges exactly as the full model, whatever the stream
// holds and however the network cut it — random sessions of several streams on shared
// threads (runs ended, cut off, followed by events after their terminal, calls reopened
// or re-streamed across runs, frontend calls answered by the next request), each body
// cut at random points and the streams' pieces interleaved.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamEndInfo } from '../capture.js';
import type { InspectorOptions } from '../inspector.js';
import { sseBytes } from '../rules/pipeline.test-helper.js';
import type { Ev } from '../rules/rule-cases.test-helper.js';
import { createInspector } from './create-inspector.js';

interface Body {
  readonly thread: string;
  readonly request: unknown;
  readonly bytes: Uint8Array;
  readonly cuts: readonly number[];
  readonly end: StreamEndInfo['reason'];
}

const thread = fc.constantFrom('t1', 't2');
const callId = fc.constantFrom('a', 'b', 'c');
const tool = fc.constantFrom('x', 'y');
const msg = fc.constantFrom('m1', 'm2');

const event: fc.Arbitrary<Ev> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.tuple(thread, fc.nat(3)).map(([t, r]) => ({ type: 'RUN_STARTED', threadId: t, runId: `r${r}` })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(thread, fc.nat(3)).map(([t, r]) => ({ type: 'RUN_FINISHED', threadId: t, runId: `r${r}` })),
  },
  fc.constant<Ev>({ type: 'RUN_ERROR', message: 'x' }),
  {
    weight: 3,
    arbitrary: fc.tuple(callId, tool, fc.option(msg, { nil: undefined })).map(([i, n, p]) => ({
      type: 'TOOL_CALL_START',
      toolCallId: i,
      toolCallName: n,
      ...(p ? { parentMessageId: p } : {}),
    })),
  },
  { weight: 3, arbitrary: callId.map((i) => ({ type: 'TOOL_CALL_ARGS', toolCallId: i, delta: '{"q":1}' })) },
  { weight: 2, arbitrary: callId.map((i) => ({ type: 'TOOL_CALL_END', toolCallId: i })) },
  callId.map((i) => ({ type: 'TOOL_CALL_RESULT', toolCallId: i, messageId: `res-${i}`, content: 'ok' })),
  fc.tuple(fc.option(callId, { nil: undefined }), fc.option(tool, { nil: undefined })).map(([i, n]) => ({
    type: 'TOOL_CALL_CHUNK',
    ...(i ? { toolCallId: i } : {}),
    ...(n ? { toolCallName: n } : {}),
    delta: '{}',
  })),
  msg.map((m) => ({ type: 'TEXT_MESSAGE_START', messageId: m, role: 'assistant' })),
  msg.map((m) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: m, delta: 'hi' })),
  msg.map((m) => ({ type: 'TEXT_MESSAGE_END', messageId: m })),
  fc.constant<Ev>({ type: 'STATE_SNAPSHOT', snapshot: { n: 1 } }),
  fc.constant<Ev>({ type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/n', value: 2 }] }),
);

// The request: the thread's tools and history, whose tool messages answer earlier calls.
const request = fc
  .tuple(thread, fc.nat(3), fc.boolean(), fc.subarray(['a', 'b', 'c']), fc.boolean())
  .map(([t, r, tools, answered, error]) => ({
    threadId: t,
    runId: `r${r}`,
    tools: tools ? [{ name: 'x', description: 'x', parameters: { type: 'object' } }] : [],
    context: [],
    state: {},
    forwardedProps: {},
    messages: [
      { id: 'u1', role: 'user', content: 'go' },
      ...answered.map((id) => ({
        id: `ans-${id}`,
        role: 'tool',
        toolCallId: id,
        content: 'done',
        ...(error ? { error: 'no' } : {}),
      })),
    ],
  }));

const body: fc.Arbitrary<Body> = fc
  .tuple(
    request,
    fc.array(event, { minLength: 1, maxLength: 14 }),
    fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
    fc.constantFrom<StreamEndInfo['reason']>('complete', 'complete', 'aborted', 'error'),
  )
  .map(([req, events, points, end]) => {
    const bytes = sseBytes(events, 'lf', 'json');
    const cuts = [...new Set(points.map((p) => Math.floor(p * bytes.length)))].sort((a, b) => a - b);
    return { thread: req.threadId, request: req, bytes, cuts, end };
  });

function pieces(b: Body): Uint8Array[] {
  const out: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...b.cuts, b.bytes.length]) {
    if (cut > from) out.push(b.bytes.slice(from, cut));
    from = Math.max(from, cut);
  }
  return out;
}

/**
 * Streams open in order; their pieces interleave round-robin; each ends after its last.
 * Pieces arrive a millisecond apart, or (`fixedTime`) all at once, when runs cut
 * differently are compared: arrival times are not what is under test there.
 */
function judge(bodies: readonly Body[], options: InspectorOptions, fixedTime = false): string {
  const inspector = createInspector(options);
  const queues = bodies.map(pieces);
  bodies.forEach((b, i) =>
    inspector.openStream({
      streamId: `s${i}`,
      transport: 'fetch',
      encoding: 'sse',
      url: 'http://agent.test/run',
      method: 'POST',
      requestHeaders: {},
      requestBody: JSON.stringify(b.request),
      status: 200,
      contentType: 'text/event-stream',
      startedAt: 1000 + i,
    }),
  );
  let t = 2000;
  for (let left = true; left;) {
    left = false;
    queues.forEach((q, i) => {
      const piece = q.shift();
      if (piece !== undefined) {
        inspector.appendBytes(`s${i}`, piece, fixedTime ? t : t++);
        left = true;
      }
      if (piece !== undefined && q.length === 0)
        inspector.endStream(`s${i}`, { reason: bodies[i]!.end, t: fixedTime ? t : t++ });
    });
  }
  const m = inspector.model;
  const runs = m.runs.map((r) => [
    r.key,
    r.threadId,
    r.runId,
    r.status,
    r.implicit === true,
    r.firstEvent,
    r.lastEvent,
  ]);
  return JSON.stringify({ findings: m.findings, runs });
}

describe("retain: 'findings' (property)", () => {
  it('random multi-stream sessions, randomly cut: the same findings and runs as the full model', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.array(body, { minLength: 1, maxLength: 4 }), (bodies) => {
        const full = judge(bodies, {});
        expect(judge(bodies, { retain: 'findings' })).toBe(full);
        for (const f of (JSON.parse(full) as { findings: { rule: string }[] }).findings) seen.add(f.rule);
      }),
      { numRuns: 300, seed: 20261203 },
    );
    // Not vacuous: the cross-run checks fired somewhere.
    expect(seen).toContain('tool-call/restreamed-history');
    expect(seen).toContain('frontend-tool/unanswered-on-continue');
    expect(seen).toContain('run/event-after-finished');
  }, 120_000);

  it('every demo stream, cut at random points: the same findings as the full model read whole', () => {
    const DEMO = join(import.meta.dirname, '../../../test/fixtures/demo');
    const names = ['long-session.sse', 'frontend-round-trip.sse', 'chunked-calls.sse', 'reopen-renamed.sse'];
    const files = names.map((n) => new Uint8Array(readFileSync(join(DEMO, n))));
    const asBody = (bytes: Uint8Array, cuts: number[]): Body => ({
      thread: '',
      request: {},
      bytes,
      cuts,
      end: 'complete',
    });
    const whole = files.map((bytes) => judge([asBody(bytes, [])], {}, true));
    fc.assert(
      fc.property(
        fc.nat(files.length - 1),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }),
        (i, points) => {
          const bytes = files[i]!;
          const cuts = [...new Set(points.map((p) => Math.floor(p * bytes.length)))].sort((a, b) => a - b);
          expect(judge([asBody(bytes, cuts)], { retain: 'findings' }, true)).toBe(whole[i]);
        },
      ),
      { numRuns: 30, seed: 20261203 },
    );
  }, 120_000);
});
