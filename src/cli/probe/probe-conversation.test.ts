// The probe's conversation contracts and transports against small servers: a thread that
// loses track of its history, a frontend answer that is not taken, state expectations,
// protobuf answered without being asked, a gzipped stream, credentials in the URL.
import { afterEach, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { EventEncoder } from '@ag-ui/encoder';
import { EventType, type BaseEvent } from '@ag-ui/core';
import { plainRun, startTestServer, type TestServer } from './broken-servers.test-helper.js';
import { runCli } from '../memory-io.test-helper.js';

let open: TestServer[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

type Handle = Parameters<typeof startTestServer>[0];
async function serve(handle: Handle): Promise<TestServer> {
  const s = await startTestServer(handle);
  open.push(s);
  return s;
}

const sse = (e: unknown): string => `data: ${JSON.stringify(e)}\n\n`;

interface JsonOut {
  findings: { rule: string; file: string; message: string }[];
  steps: { name: string; verdict: string }[];
}

async function probe(url: string, script: unknown, ...args: string[]): Promise<JsonOut & { code: number }> {
  const r = await runCli(['probe', url, '--script', 's.json', '--format', 'json', ...args], {
    files: { 's.json': JSON.stringify(script) },
  });
  return { ...(JSON.parse(r.stdout) as JsonOut), code: r.code };
}

describe('probe conversation contracts', () => {
  it('catches a second run that restarts a message id the history holds', async () => {
    const server = await serve((_req, res, _body, input) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      // A fixed message id per thread, as a server counting messages per run would make.
      res.end(plainRun(input!).join('').replaceAll(`${input!.runId}-m1`, 'assistant-1'));
    });
    const out = await probe(server.url, { steps: [{ name: 'again', kind: 'two-runs' }] });
    expect(out.findings.map((f) => f.rule)).toEqual(['probe/thread-continues']);
    expect(out.findings[0]?.message).toMatch(/starts message assistant-1, an id the thread's history already has/);
  });

  it('catches a continuation that calls the answered frontend tool again', async () => {
    const server = await serve((_req, res, _body, input) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const call = [
        sse({ type: 'TOOL_CALL_START', toolCallId: 'call-1', toolCallName: 'confirm' }),
        sse({ type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: '{}' }),
        sse({ type: 'TOOL_CALL_END', toolCallId: 'call-1' }),
      ];
      const [started, ...rest] = plainRun(input!);
      res.end([started, ...call, rest.at(-1)].join(''));
    });
    const out = await probe(server.url, {
      steps: [{ name: 'tool', kind: 'frontend-tool', tools: [{ name: 'confirm' }] }],
    });
    const rejected = out.findings.filter((f) => f.rule === 'probe/frontend-answer-rejected');
    expect(rejected.map((f) => f.message)).toEqual([
      'The continuation calls confirm again with the answered id call-1: the server did not take the tool message as the answer.',
    ]);
  });

  it('checks expect.state and expect.events against what the run did', async () => {
    const server = await serve((_req, res, _body, input) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const [started, ...rest] = plainRun(input!);
      const delta = sse({ type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/counter', value: 2 }] });
      res.end([started, delta, ...rest].join(''));
    });
    const script = {
      steps: [
        { name: 'ok', kind: 'state', state: { counter: 1 }, expect: { state: { counter: 2 } } },
        {
          name: 'off',
          kind: 'state',
          state: { counter: 1 },
          expect: { state: { counter: 3 }, events: ['STEP_STARTED'] },
        },
      ],
    };
    const out = await probe(server.url, script);
    expect(out.steps.map((s) => [s.name, s.verdict])).toEqual([
      ['ok', 'passed'],
      ['off', 'failed'],
    ]);
    expect(out.findings.filter((f) => f.file === 'off').map((f) => f.message)).toEqual([
      'Expected event(s) STEP_STARTED; the answer has none.',
      'Expected state.counter to be 3; the run ended with 2.',
    ]);
  });
});

describe('probe transports', () => {
  it('reads a protobuf answer the server sends without being asked', async () => {
    const encoder = new EventEncoder({ accept: 'application/vnd.ag-ui.event+proto' });
    const server = await serve((_req, res, _body, input) => {
      res.writeHead(200, { 'Content-Type': encoder.getContentType() });
      const events: BaseEvent[] = [
        { type: EventType.RUN_STARTED, threadId: input!.threadId, runId: 'not-the-run' } as BaseEvent,
        { type: EventType.RUN_FINISHED, threadId: input!.threadId, runId: 'not-the-run' } as BaseEvent,
      ];
      res.end(Buffer.concat(events.map((e) => encoder.encodeBinary(e))));
    });
    const out = await probe(server.url, { steps: [{ name: 'p', kind: 'turn' }] });
    // Decoded: the wrong runId inside the protobuf frames is seen.
    expect(out.findings.map((f) => f.rule)).toContain('probe/run-started-echo');
  });

  it('undoes a gzip Content-Encoding before reading the stream', async () => {
    const server = await serve((_req, res, _body, input) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(plainRun(input!).join('')));
    });
    const out = await probe(server.url, {
      steps: [{ name: 'z', kind: 'turn', expect: { events: ['TEXT_MESSAGE_CONTENT'] } }],
    });
    expect(out.steps[0]?.verdict).toBe('passed');
    expect(out.code).toBe(0);
  });

  it('names the target of a redirect instead of following it', async () => {
    const server = await serve((_req, res) => void res.writeHead(307, { Location: '/agent/' }).end());
    const out = await probe(server.url, { steps: [{ name: 'r', kind: 'turn' }] });
    expect(out.findings.map((f) => f.message)).toEqual([
      'HTTP 307 redirect to /agent/: probe that URL instead (a trailing slash is a common cause).',
    ]);
  });

  it('keeps a token in the URL out of the output and the HAR', async () => {
    const server = await serve((_req, res, _body, input) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(plainRun(input!).join(''));
    });
    const r = await runCli(['probe', `${server.url}?api_key=url-secret-4242`, '--step', 'text-turn', '--har', 'h.har']);
    expect(server.requests[0]).toBeDefined();
    expect(r.stdout).toContain(`Probing ${server.url}?api_key=[redacted]`);
    expect(r.stdout + r.stderr + (r.writtenText('h.har') ?? '')).not.toContain('url-secret-4242');
  });
});
