import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { feedCaptures } from '../io/feed.js';
import { loadFile } from '../io/load-file.js';
import { exportSession } from '../io/session-export.js';
import {
  applyIdPatches,
  applyPreset,
  eventLines,
  parseEventLines,
  pieceTypes,
  planFromItems,
  planFromStream,
  playPieces,
  requestDivergence,
  stepTo,
} from './index.js';

const enc = new TextEncoder();
const dec = new TextDecoder();
const events = [
  {
    type: 'RUN_STARTED',
    threadId: 't-rec',
    runId: 'r-rec',
    input: { threadId: 't-rec', runId: 'r-rec', parentRunId: 'r-rec2' },
  },
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"é"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'RUN_FINISHED', threadId: 't-rec', runId: 'r-rec' },
];
// Spaced JSON on purpose: the id search must not depend on the encoder's spacing.
const sse = events.map((e) => `data: ${JSON.stringify(e, null, 1).replace(/\n/g, '')}\n\n`).join('');

function streamOf(text: string, cuts: number[]) {
  const bytes = enc.encode(text);
  const ins = createInspector();
  const t0 = 1_000_000;
  ins.openStream({
    streamId: 's1',
    transport: 'fetch',
    encoding: 'sse',
    url: 'https://other.example/agent',
    method: 'POST',
    requestHeaders: {},
    requestBody: '{"threadId":"t-rec","runId":"r-rec","messages":[]}',
    status: 200,
    contentType: 'text/event-stream',
    startedAt: t0,
  });
  let from = 0;
  cuts.forEach((cut, i) => {
    ins.appendBytes('s1', bytes.subarray(from, cut), t0 + (i + 1) * 10);
    from = cut;
  });
  ins.endStream('s1', { reason: 'complete', t: t0 + 100 });
  const s = ins.model.streams[0];
  if (!s) throw new Error('no stream');
  return { stream: s, bytes };
}

describe('replay plan', () => {
  const cuts = [7, 100, 101, enc.encode(sse).length];
  it('keeps the recorded bytes, chunk boundaries and their offsets', () => {
    const { stream, bytes } = streamOf(sse, cuts);
    const run = planFromStream(stream, 'live #1');
    expect(dec.decode(run.body)).toBe(dec.decode(bytes));
    expect(run.chunks.map((c) => c.end)).toEqual(cuts);
    expect(run.chunks.map((c) => c.at)).toEqual([10, 20, 30, 40]);
    expect(run.events.map((e) => e.type)).toEqual(events.map((e) => e.type));
    expect(run.requestBody).toContain('t-rec');
  });

  it('rewrites only the lifecycle ids (echoed input too, never parentRunId)', () => {
    const { stream } = streamOf(sse, cuts);
    const run = planFromStream(stream, 'x');
    const out = dec.decode(applyIdPatches(run.body, run.idPatches, { threadId: 'T"new', runId: 'R2' }));
    const parsed = out
      .split('\n\n')
      .filter(Boolean)
      .map((f) => JSON.parse(f.slice(6)) as Record<string, unknown>);
    expect(parsed[0]).toMatchObject({
      threadId: 'T"new',
      runId: 'R2',
      input: { threadId: 'T"new', runId: 'R2', parentRunId: 'r-rec2' },
    });
    expect(parsed[5]).toMatchObject({ threadId: 'T"new', runId: 'R2' });
    expect(parsed.slice(1, 5)).toEqual(events.slice(1, 5));
  });

  it('builds an SSE body from items, one frame per event', () => {
    const run = planFromItems(
      events.map((e, i) => ({ data: JSON.stringify(e), type: e.type, at: i * 5 })),
      'jsonl',
    );
    const lines = eventLines(run);
    expect(lines.map((l) => JSON.parse(l.text) as unknown)).toEqual(events);
    expect(lines.map((l) => l.at)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(run.idPatches.length).toBe(6);
  });

  it('replays a HAR entry from another origin', () => {
    const har = {
      log: {
        entries: [
          {
            startedDateTime: new Date(0).toISOString(),
            request: { method: 'POST', url: 'https://elsewhere.test/run', headers: [], postData: { text: '{}' } },
            response: {
              status: 200,
              headers: [{ name: 'content-type', value: 'text/event-stream' }],
              content: { mimeType: 'text/event-stream', text: sse },
            },
          },
        ],
      },
    };
    const r = loadFile('x.har', enc.encode(JSON.stringify(har)));
    if (!r.ok) throw new Error(r.error);
    const ins = createInspector();
    feedCaptures(ins, r.captures);
    const s = ins.model.streams[0];
    if (!s) throw new Error('no stream');
    const run = planFromStream(s, 'x.har');
    expect(dec.decode(run.body)).toBe(sse);
    expect(run.events.length).toBe(events.length);
  });
});

describe('pacing and steps', () => {
  const run = planFromItems(
    events.map((e, i) => ({ data: JSON.stringify(e), type: e.type, at: i * 8 })),
    'x',
  );
  it('divides recorded offsets, zeroes them for instant, splits per event for Step', () => {
    expect(playPieces(run, { kind: 'recorded' }).map((p) => p.at)).toEqual([0, 8, 16, 24, 32, 40]);
    expect(playPieces(run, { kind: 'faster', factor: 4 }).map((p) => p.at)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(playPieces(run, { kind: 'instant' }).every((p) => p.at === 0)).toBe(true);
    expect(playPieces(run, { kind: 'step' }).map((p) => p.end)).toEqual(run.events.map((e) => e.end));
  });
  it('finds the next delta, the next tool boundary and event N', () => {
    const types = pieceTypes(run);
    expect(stepTo(types, 0, { kind: 'event' })).toBe(1);
    expect(stepTo(types, 0, { kind: 'delta' })).toBe(3);
    expect(stepTo(types, 3, { kind: 'delta' })).toBe(4);
    expect(stepTo(types, 0, { kind: 'tool-boundary' })).toBe(2);
    expect(stepTo(types, 2, { kind: 'tool-boundary' })).toBe(5);
    expect(stepTo(types, 4, { kind: 'upto', n: 2 })).toBe(4);
    expect(stepTo(types, 0, { kind: 'upto', n: 99 })).toBe(6);
  });
});

describe('edits', () => {
  const text = events.map((e) => JSON.stringify(e)).join('\n');
  it('points at every bad line and keeps the good ones', () => {
    const r = parseEventLines(`${text}\n{"type":\n[1]\n{"delta":"x"}`);
    expect(r.lines.length).toBe(6);
    expect(r.errors.map((e) => e.line)).toEqual([7, 8, 9]);
  });
  it('cuts, drops and duplicates by 1-based event number', () => {
    const cut = applyPreset(text, { kind: 'cut-after', n: 3 });
    expect('text' in cut && cut.text.split('\n').map((l) => (JSON.parse(l) as { type: string }).type)).toEqual([
      'RUN_STARTED',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
    ]);
    const drop = applyPreset(text, { kind: 'drop', n: 1 });
    expect('text' in drop && drop.text.split('\n').length).toBe(5);
    const dup = applyPreset(text, { kind: 'duplicate', n: 2 });
    expect('text' in dup && dup.text.split('\n')[2]).toBe(JSON.stringify(events[1]));
    expect(applyPreset(text, { kind: 'drop', n: 7 })).toHaveProperty('error');
  });
  it('renames the start that reopens a call', () => {
    expect(applyPreset(text, { kind: 'rename-reopen' })).toHaveProperty('error');
    const reopened = `${text}\n${JSON.stringify(events[1])}`;
    const r = applyPreset(reopened, { kind: 'rename-reopen' });
    const last = 'text' in r ? (JSON.parse(r.text.split('\n').at(-1) ?? '') as { toolCallName: string }) : undefined;
    expect(last?.toolCallName).toBe('search_renamed');
  });
});

describe('request divergence', () => {
  const recorded = JSON.stringify({
    messages: [
      { role: 'user', content: 'hi' },
      { role: 'tool', toolCallId: 'c1', content: 'yes' },
    ],
    tools: [{ name: 'confirm' }],
  });
  it('names a different tool answer and a missing message', () => {
    const changed = JSON.stringify({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'tool', toolCallId: 'c1', content: 'no' },
      ],
      tools: [{ name: 'confirm' }],
    });
    expect(requestDivergence(recorded, changed).map((d) => d.what)).toEqual(['different tool answer']);
    const missing = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], tools: [{ name: 'confirm' }] });
    expect(requestDivergence(recorded, missing)).toEqual([
      expect.objectContaining({ path: '/messages/1', what: 'missing tool message for c1' }),
    ]);
    expect(requestDivergence(recorded, recorded)).toEqual([]);
  });
});

describe('a replayed stream in a session export', () => {
  it('keeps its replayed mark through export and import', () => {
    const ins = createInspector();
    const replayed = { source: 'customer.har #1', armId: 'arm1.5', index: 1 };
    ins.openStream({
      streamId: 'r1',
      transport: 'fetch',
      encoding: 'sse',
      url: 'http://app.test/agent',
      method: 'POST',
      requestHeaders: {},
      status: 200,
      contentType: 'text/event-stream',
      startedAt: 5,
      replayed,
    });
    ins.appendBytes('r1', enc.encode(sse), 6);
    ins.endStream('r1', { reason: 'complete', t: 7 });
    const text = exportSession(ins.model, { extensionVersion: 'test', exportedAt: 10 });
    const back = loadFile('s.agui-session.jsonl', enc.encode(text));
    if (!back.ok) throw new Error(back.error);
    expect(back.captures[0]?.open.replayed).toEqual(replayed);
  });
});
