// Property: strict redaction (RedactOptions.strict). Markers placed at every user-data
// position and at every structural position that can hold personal data — thread, run,
// message, tool-call and interrupt ids, tool, step, CUSTOM and subagent names, RUN_ERROR
// codes, state keys and the JSON-Patch paths naming them, URL path segments, SSE
// `event:`/`id:` values, the HAR creator and server address — are gone from the output,
// and linting it gives the same rules at the same events with the same severities as
// the original, whether a session export, an SSE body, JSONL, protobuf or a HAR.
// (Keys of other data — arguments, results, forwardedProps, custom values — are kept by
// design, docs/session-format.md: markers go there as values only.)
import fc from 'fast-check';
import { encode } from '@ag-ui/proto';
import { describe, expect, it } from 'vitest';
import { inspectBytes } from '../inspect-bytes.js';
import type { Capture } from '../types.js';
import { redactFile } from './redact-file.js';
import { redactStream } from './redact-stream.js';
import { writeSession } from './session-file.js';
import { sseHarEntry } from '../../../../test/har-entry.test-helper.js';
import { survivors } from './redact.test-helper.js';

/** `rule@stream#events:severity` of every finding, in order. */
function findings(name: string, bytes: Uint8Array): string[] {
  const inspected = inspectBytes(name, bytes);
  if (!inspected.ok) throw new Error(inspected.error);
  const { model } = inspected;
  const order = new Map(model.streams.map((s, i) => [s.info.streamId, i]));
  return model.findings.map((f) => `${f.rule}@${order.get(f.streamId) ?? '?'}#${f.events.join(',')}:${f.severity}`);
}

class Markers {
  readonly all: string[] = [];
  next(tag: string): string {
    const s = `M${tag}${this.all.length}Q${(this.all.length * 7919).toString(36)}Z`;
    this.all.push(s);
    return s;
  }
}

interface Scenario {
  readonly depth: number;
  readonly keys: number;
  readonly dupStep: boolean;
  readonly badPatch: boolean;
  readonly strayEnd: boolean;
  readonly error: boolean;
  readonly eventLines: boolean;
  readonly crlf: boolean;
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  depth: fc.integer({ min: 1, max: 3 }),
  keys: fc.integer({ min: 1, max: 3 }),
  dupStep: fc.boolean(),
  badPatch: fc.boolean(),
  strayEnd: fc.boolean(),
  error: fc.boolean(),
  eventLines: fc.boolean(),
  crlf: fc.boolean(),
});

/** A state object whose keys (at every depth) and values are markers; returns one key path too. */
function state(m: Markers, depth: number, keys: number): { value: Record<string, unknown>; path: string[] } {
  const value: Record<string, unknown> = {};
  let path: string[] = [];
  for (let k = 0; k < keys; k++) {
    const key = m.next('KEY');
    if (depth > 1) {
      const inner = state(m, depth - 1, keys);
      value[key] = k === 0 ? [inner.value] : inner.value;
      if (k === 0) path = [key, '0', ...inner.path];
    } else {
      value[key] = k === 0 ? m.next('VAL') : 731_000 + m.all.length;
      if (k === 0) path = [key];
    }
  }
  return { value, path };
}

const pointer = (path: readonly string[]): string =>
  path.map((p) => `/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

function build(sc: Scenario, m: Markers): { capture: Capture; events: unknown[]; sse: string } {
  const thread = m.next('THREAD');
  const run = m.next('RUN');
  const msg = m.next('MSG');
  const call = m.next('CALL');
  const tool = m.next('TOOL');
  const step = m.next('STEP');
  const resultMsg = m.next('RESMSG');
  const s = state(m, sc.depth, sc.keys);
  const input = {
    threadId: thread,
    runId: run,
    state: s.value,
    messages: [
      { id: m.next('USERMSG'), role: 'user', content: m.next('TEXT') },
      {
        id: msg,
        role: 'assistant',
        content: m.next('TEXT'),
        toolCalls: [{ id: call, type: 'function', function: { name: tool, arguments: `{"q":"${m.next('ARG')}"}` } }],
      },
      { id: resultMsg, role: 'tool', toolCallId: call, content: m.next('RESULT') },
    ],
    tools: [{ name: tool, description: m.next('DESC'), parameters: { type: 'object', properties: {} } }],
    context: [],
    forwardedProps: { note: m.next('PROP') },
  };
  const newKey = m.next('NEWKEY');
  const events: unknown[] = [
    { type: 'RUN_STARTED', threadId: thread, runId: run },
    { type: 'STATE_SNAPSHOT', snapshot: s.value },
    {
      type: 'STATE_DELTA',
      delta: [
        { op: 'replace', path: pointer(s.path), value: m.next('VAL') },
        { op: 'add', path: pointer([newKey]), value: { [m.next('KEY')]: m.next('VAL') } },
        ...(sc.badPatch ? [{ op: 'remove', path: pointer([m.next('MISSING')]) }] : []),
      ],
    },
    { type: 'STEP_STARTED', stepName: step },
    ...(sc.dupStep ? [{ type: 'STEP_STARTED', stepName: step }] : []),
    { type: 'TEXT_MESSAGE_START', messageId: msg, role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: msg, delta: m.next('TEXT') },
    { type: 'TEXT_MESSAGE_END', messageId: msg },
    { type: 'TOOL_CALL_START', toolCallId: call, toolCallName: tool, parentMessageId: msg },
    { type: 'TOOL_CALL_ARGS', toolCallId: call, delta: `{"q":"${m.next('ARG')}"}` },
    { type: 'TOOL_CALL_END', toolCallId: call },
    ...(sc.strayEnd ? [{ type: 'TOOL_CALL_END', toolCallId: m.next('STRAYCALL') }] : []),
    { type: 'TOOL_CALL_RESULT', messageId: resultMsg, toolCallId: call, role: 'tool', content: m.next('RESULT') },
    { type: 'CUSTOM', name: m.next('CUSTOM'), value: { detail: m.next('CVAL') } },
    { type: 'STEP_FINISHED', stepName: step },
    sc.error
      ? { type: 'RUN_ERROR', message: m.next('ERRMSG'), code: m.next('CODE') }
      : { type: 'RUN_FINISHED', threadId: thread, runId: run, result: m.next('RESULT') },
  ];
  const eol = sc.crlf ? '\r\n' : '\n';
  const sse = events
    .map((e, i) => {
      const fields = sc.eventLines ? `event: ${m.next(`SSEEVENT${i}`)}${eol}id: ${m.next('SSEID')}${eol}` : '';
      return `${fields}data: ${JSON.stringify(e)}${eol}${eol}`;
    })
    .join('');
  const capture: Capture = {
    open: {
      streamId: 's1',
      transport: 'fetch',
      encoding: 'sse',
      url: `https://agent.example/${m.next('SEG')}/${m.next('SEG')}/agent?q=${m.next('QUERY')}`,
      method: 'POST',
      requestHeaders: { 'content-type': 'application/json', 'x-customer': m.next('HDR') },
      requestBody: JSON.stringify(input),
      status: 200,
      contentType: 'text/event-stream',
      startedAt: 1000,
      frameUrl: `https://app.example/${m.next('SEG')}/page`,
    },
    pieces: [{ t: 1000, kind: 'bytes', data: new TextEncoder().encode(sse) }],
    end: { reason: 'complete', t: 2000 },
  };
  return { capture, events, sse };
}

function har(capture: Capture, sse: string, m: Markers): string {
  const open = capture.open;
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: m.next('CREATOR'), version: m.next('CREATORVERSION') },
      browser: { name: m.next('BROWSER'), version: '1' },
      entries: [
        {
          ...sseHarEntry({ url: open.url, requestBody: open.requestBody ?? '', sse, time: 2 }),
          serverIPAddress: m.next('IP'),
        },
      ],
    },
  });
}

const META = { exportedAt: 1, extensionVersion: 'test' };
const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);
const textOf = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const STRICT = { hideLengths: false, strict: true };

function strictFile(name: string, bytes: Uint8Array, options = STRICT): Uint8Array {
  const r = redactFile(name, bytes, options);
  if (!r.ok) throw new Error(r.error);
  return r.bytes;
}

describe('strict redaction (property)', () => {
  it('session export: no marker survives, findings unchanged', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(scenario, fc.boolean(), (sc, hideLengths) => {
        const m = new Markers();
        const { capture } = build(sc, m);
        const plain = writeSession([capture], META, [], undefined).text;
        // The markers really were placed: a masked (not strict) export keeps the structural ones.
        const masked = writeSession([capture], META, [], { hideLengths: false }).text;
        expect(survivors(masked, m.all).length).toBeGreaterThan(5);
        const strict = writeSession([capture], META, [], { hideLengths, strict: true }).text;
        expect(survivors(strict, m.all)).toEqual([]);
        expect(findings('s.json', bytesOf(strict))).toEqual(findings('p.json', bytesOf(plain)));
        expect(JSON.parse(strict)).toMatchObject({ redaction: { strict: true } });
        // Strict again through `redact`: still nothing, still the same findings.
        const again = strictFile('s.json', bytesOf(strict));
        expect(findings('a.json', again)).toEqual(findings('p.json', bytesOf(plain)));
      }),
      { numRuns: 40 },
    );
  });

  it('SSE, JSONL, protobuf and HAR files: no marker survives, findings unchanged', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(scenario, (sc) => {
        const m = new Markers();
        const { capture, events, sse } = build(sc, m);
        const body = bytesOf(sse);
        const out = strictFile('body.sse', body);
        expect(survivors(textOf(out), m.all)).toEqual([]);
        expect(findings('body.sse', out)).toEqual(findings('body.sse', body));

        const jsonl = bytesOf(events.map((e) => JSON.stringify(e)).join('\n'));
        const jsonlOut = strictFile('e.jsonl', jsonl);
        expect(survivors(textOf(jsonlOut), m.all)).toEqual([]);
        expect(findings('e.jsonl', jsonlOut)).toEqual(findings('e.jsonl', jsonl));

        const frames = events.map((e) => encode(e as Parameters<typeof encode>[0]));
        const proto = new Uint8Array(frames.reduce((n, f) => n + 4 + f.length, 0));
        let at = 0;
        for (const f of frames) {
          new DataView(proto.buffer).setUint32(at, f.length);
          proto.set(f, at + 4);
          at += 4 + f.length;
        }
        const protoOut = strictFile('body.bin', proto);
        expect(survivors(textOf(protoOut), m.all)).toEqual([]);
        expect(findings('body.bin', protoOut)).toEqual(findings('body.bin', proto));

        const harBytes = bytesOf(har(capture, sse, m));
        const harOut = strictFile('x.har', harBytes);
        expect(survivors(textOf(harOut), m.all)).toEqual([]);
        expect(findings('x.har', harOut)).toEqual(findings('x.har', harBytes));
      }),
      { numRuns: 25 },
    );
  });

  it('the same value gets the same pseudonym within a file, and the file still reads', () => {
    const m = new Markers();
    const sc: Scenario = {
      depth: 2,
      keys: 2,
      dupStep: true,
      badPatch: true,
      strayEnd: true,
      error: false,
      eventLines: true,
      crlf: false,
    };
    const { capture, sse } = build(sc, m);
    // The violations are there to be found, in the SSE body and in a HAR holding it.
    const found = findings('body.sse', bytesOf(sse));
    expect(found.map((f) => f.split('@')[0])).toEqual(
      expect.arrayContaining(['state/patch-failed', expect.stringMatching(/^step/), expect.stringMatching(/^tool/)]),
    );
    const harBytes = bytesOf(har(capture, sse, m));
    // The HAR adds the request (history, tools): its findings include the body's, but for the
    // named-event notice, which is for streams not requested by POST (a HAR records the POST).
    const inHar = found.filter((f) => !f.startsWith('sse/named-event@'));
    expect(findings('x.har', harBytes)).toEqual(expect.arrayContaining(inHar));
    expect(findings('x.har', strictFile('x.har', harBytes))).toEqual(findings('x.har', harBytes));
    const out = textOf(strictFile('body.sse', bytesOf(sse)));
    const events = out
      .split('\n\n')
      .filter((f) => f !== '')
      .map(
        (f) =>
          JSON.parse(
            f
              .split('\n')
              .find((l) => l.startsWith('data: '))!
              .slice(6),
          ) as Record<string, unknown>,
      );
    const started = events.find((e) => e['type'] === 'RUN_STARTED')!;
    const finished = events.find((e) => e['type'] === 'RUN_FINISHED')!;
    expect(started['threadId']).toMatch(/^thread-\d+$/);
    expect(finished['threadId']).toBe(started['threadId']);
    const toolStart = events.find((e) => e['type'] === 'TOOL_CALL_START')!;
    expect(toolStart['toolCallId']).toMatch(/^call-\d+$/);
    expect(toolStart['toolCallName']).toMatch(/^tool-\d+$/);
    expect(events.find((e) => e['type'] === 'TOOL_CALL_END')!['toolCallId']).toBe(toolStart['toolCallId']);
    const snapshot = events.find((e) => e['type'] === 'STATE_SNAPSHOT')!['snapshot'] as Record<string, unknown>;
    const firstKey = Object.keys(snapshot)[0]!;
    expect(firstKey).toMatch(/^key-\d+$/);
    const delta = events.find((e) => e['type'] === 'STATE_DELTA')!['delta'] as { path: string }[];
    // The patch path names the same keys as the snapshot, and keeps array indices.
    expect(delta[0]!.path.startsWith(`/${firstKey}/0/key-`)).toBe(true);
    expect(out).toMatch(/^event: event-1\nid: id-1\n/);
    // Per file: a second file starts its numbering again.
    const session = JSON.parse(writeSession([capture], META, [], STRICT).text) as {
      streams: { open: { url: string } }[];
    };
    // Strict means the host and the endpoint's own segment too (they can name a customer).
    expect(session.streams[0]!.open.url).toMatch(/^https:\/\/host-1\/seg-1\/seg-2\/seg-3\?q=\*+$/);
  });

  it('streamed redaction gives the same strict bytes as a whole-file one', async () => {
    const m = new Markers();
    const { sse } = build(
      { depth: 2, keys: 2, dupStep: true, badPatch: true, strayEnd: true, error: true, eventLines: true, crlf: true },
      m,
    );
    const bytes = bytesOf(sse);
    const parts: Uint8Array[] = [];
    await redactStream(
      async function* () {
        for (let i = 0; i < bytes.length; i += 97) yield bytes.subarray(i, i + 97);
      },
      'sse',
      STRICT,
      (b) => void parts.push(b),
      256,
    );
    expect(parts.map(textOf).join('')).toBe(textOf(strictFile('body.sse', bytes)));
  });
});
