// The engine inside the real pipeline: request bodies, several requests on one thread,
// findings pointing at wire indexes of SSE bytes made by the real encoder.
import { describe, expect, it } from 'vitest';
import { call, ev } from './rule-cases.test-helper.js';
import { inspect, inspectAll, protoBytes } from './pipeline.test-helper.js';

const tools = [
  {
    name: 'confirm',
    description: 'ask the user',
    parameters: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
  },
];
const body = (runId: string, messages: unknown[]) => ({
  threadId: 't1',
  runId,
  tools,
  context: [],
  state: {},
  forwardedProps: {},
  messages,
});
const user = { id: 'u1', role: 'user', content: 'delete my files?' };
const assistant = {
  id: 'a1',
  role: 'assistant',
  toolCalls: [{ id: 'f1', type: 'function', function: { name: 'confirm', arguments: '{"question":"sure?"}' } }],
};

const run1 = [
  ev.started('r1'),
  ev.text('a1'),
  ev.textEnd('a1'),
  ...call('f1', 'confirm', '{"question":"sure?"}', { parentMessageId: 'a1' }),
  ev.finished('r1'),
];

describe('rules in the pipeline', () => {
  it('a frontend call left pending, then a continuation that does not answer it', () => {
    const { findings } = inspectAll([
      { events: run1, requestBody: body('r1', [user]) },
      {
        events: [ev.started('r2'), ev.finished('r2')],
        requestBody: body('r2', [user, assistant, { id: 'u2', role: 'user', content: 'well?' }]),
      },
    ]);
    const pending = findings.find((f) => f.rule === 'frontend-tool/pending');
    expect(pending).toMatchObject({ streamId: 's1', runId: 'r1', toolCallId: 'f1' });
    const unanswered = findings.find((f) => f.rule === 'frontend-tool/unanswered-on-continue');
    expect(unanswered).toMatchObject({ streamId: 's1', runId: 'r1', toolCallId: 'f1', events: [3] });
    expect(unanswered?.message).toContain("run 'r2'");
  });

  it('a continuation that answers in order raises nothing about the round trip', () => {
    const { findings } = inspectAll([
      { events: run1, requestBody: body('r1', [user]) },
      {
        events: [ev.started('r2'), ev.finished('r2')],
        requestBody: body('r2', [user, assistant, { id: 'tm', role: 'tool', toolCallId: 'f1', content: 'yes' }]),
      },
    ]);
    expect(findings.filter((f) => f.rule.startsWith('frontend-tool/') && f.rule !== 'frontend-tool/pending')).toEqual(
      [],
    );
  });

  it('schema failures of a frontend call come from the model and list the failing path', () => {
    const events = [ev.started('r1'), ...call('f1', 'confirm', '{"question": 42}'), ev.finished('r1')];
    const found = inspect(events, { requestBody: body('r1', [user]) }).findings.find(
      (f) => f.rule === 'tool-call/args-schema-mismatch',
    );
    expect(found?.message).toContain('question');
    expect(found?.message).toMatch(/[^.]\.$/);
    expect(found?.events).toEqual([3]);
  });

  it('no finding message doubles its punctuation (texts we interpolate may end in their own stop)', () => {
    const { findings } = inspectAll([
      {
        events: [
          ev.started('r1'),
          ...call('f1', 'confirm', '{"question": 42, "x": 1}'),
          ...call('f2', 'confirm', '{}'),
          ev.start('c3'),
          ev.args('c3', '{"a":'),
          ev.end('c3'),
          ev.finished('r9'),
        ],
        requestBody: body('r1', [user]),
      },
      {
        events: [ev.started('r2'), { type: 'TEXT_MESSAGE_CHUNK', delta: 'x' }, ev.args('zz'), ev.start('c4')],
        end: { reason: 'error', error: 'socket hang up.', t: 9000 },
      },
    ]);
    expect(findings.length).toBeGreaterThan(6);
    for (const f of findings) expect(f.message, f.rule).not.toMatch(/(?<!\.)\.\.(?!\.)|[.;:,] ?[.;:,](?!\.)/);
  });

  it('a re-streamed history call after an approval doubles its arguments', () => {
    const events = [ev.started('r2'), ...call('f1', 'confirm', '{"question":"sure?"}'), ev.finished('r2')];
    const { findings } = inspect(events, { requestBody: body('r2', [user, assistant]) });
    expect(findings.map((f) => f.rule)).toContain('tool-call/restreamed-history');
  });

  it('a chunked call closed by RUN_FINISHED is marked where it closed', () => {
    const events = [
      ev.started(),
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'x', delta: '{}' },
      ev.finished(),
    ];
    const f = inspect(events).findings.find((x) => x.rule === 'tool-call/chunk-implicit-end');
    expect(f?.message).toContain('RUN_FINISHED (#2)');
    expect(f?.events).toEqual([2]);
  });

  it('a body cut off by the page: truncated run and open calls, the page named', () => {
    const { findings } = inspect([ev.started(), ev.start('c1'), ev.args('c1', '{"q":')], {
      end: { reason: 'aborted', t: 5000 },
    });
    const rules = findings.map((f) => f.rule);
    expect(rules).toContain('run/truncated');
    expect(findings.find((f) => f.rule === 'tool-call/open-at-stream-end')?.message).toContain('the page aborted');
    expect(rules.filter((r) => r === 'run/truncated')).toHaveLength(1);
  });

  it('protobuf: a clean body judges like SSE; a body cut mid-frame is proto/truncated-frame', () => {
    const events = [ev.started(), ...call('c1'), ev.finished()];
    const bytes = protoBytes(events);
    expect(inspect([], { bytes, encoding: 'proto' }).findings).toEqual([]);
    const cut = inspect([], { bytes: bytes.slice(0, bytes.length - 3), encoding: 'proto' }).findings.map((f) => f.rule);
    expect(cut).toContain('proto/truncated-frame');
    expect(cut).toContain('run/truncated');
  });

  it('protobuf: a frame whose bytes are not an ag_ui.Event is proto/undecodable-frame', () => {
    const good = protoBytes([ev.started()]);
    const junk = new Uint8Array([0, 0, 0, 3, 0xff, 0xff, 0xff]);
    const body = new Uint8Array([...good, ...junk, ...protoBytes([ev.finished()])]);
    const rules = inspect([], { bytes: body, encoding: 'proto' }).findings.map((f) => f.rule);
    expect(rules).toContain('proto/undecodable-frame');
  });
});
