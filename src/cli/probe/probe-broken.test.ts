// The probe against deliberately broken servers: each fault is named by the contract it
// breaks, in the step that exercises it, and fails the probe (exit 1).
import { afterEach, describe, expect, it } from 'vitest';
import {
  echoesCredentials,
  hangs,
  html500,
  sharedCurrentRun,
  startCancelIgnoringServer,
  startTestServer,
  wellBehaved,
  wrongIds,
  type TestServer,
} from './broken-servers.test-helper.js';
import { runCli } from '../memory-io.test-helper.js';

let open: TestServer[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

async function serve(server: Promise<TestServer>): Promise<TestServer> {
  const s = await server;
  open.push(s);
  return s;
}

interface JsonOut {
  findings: { rule: string; file: string; message: string; severity: string }[];
  steps: { name: string; verdict: string; notes: string[] }[];
}

async function probeJson(url: string, ...args: string[]): Promise<{ code: number; out: JsonOut; stderr: string }> {
  const r = await runCli(['probe', url, '--format', 'json', ...args]);
  return { code: r.code, out: JSON.parse(r.stdout) as JsonOut, stderr: r.stderr };
}

const verdicts = (out: JsonOut) => Object.fromEntries(out.steps.map((s) => [s.name, s.verdict]));
const rulesOf = (out: JsonOut, step: string) => out.findings.filter((f) => f.file === step).map((f) => f.rule);

describe('probe against broken servers', () => {
  it('passes every step of a well-behaved server except those it cannot exercise', async () => {
    const server = await serve(startTestServer(wellBehaved));
    const { code, out } = await probeJson(server.url);
    expect(verdicts(out)).toEqual({
      'text-turn': 'passed',
      // It never calls the advertised tool (the default script expects a call).
      'frontend-tool': 'failed',
      state: 'not exercised',
      'two-runs': 'passed',
      // Its whole answer (5 events) may arrive in one piece, before the probe can cancel.
      cancel: expect.stringMatching(/passed|not exercised/),
      malformed: 'passed',
      concurrent: 'passed',
    });
    expect(rulesOf(out, 'frontend-tool')).toEqual(['probe/expectation']);
    expect(code).toBe(1);
    // In JUnit a step not exercised is <skipped>, not a pass; the text summary counts steps.
    const junit = (await runCli(['probe', server.url, '--step', 'state', '--format', 'junit'])).stdout;
    expect(junit).toMatch(/<testsuite name="state" tests="\d+" failures="0" errors="0" skipped="[1-9]\d*">/);
    expect(junit).toMatch(/<skipped message="[^"]+"\/>/);
    const text = (await runCli(['probe', server.url, '--step', 'two-runs', '--step', 'malformed'])).stdout;
    expect(text).toMatch(/^✔ 2 steps, 0 findings$/m);
  });

  it('reports a server that hangs as probe/hang after the step timeout', async () => {
    const server = await serve(startTestServer(hangs));
    const started = Date.now();
    const { code, out } = await probeJson(server.url, '--step', 'text-turn', '--timeout', '400');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(rulesOf(out, 'text-turn')).toContain('probe/hang');
    expect(out.findings.find((f) => f.rule === 'probe/hang')?.message).toMatch(/within 400 ms/);
    expect(code).toBe(1);
  });

  it('reports a malformed input that hangs as probe/malformed-input', async () => {
    const server = await serve(startTestServer(hangs));
    const { out } = await probeJson(server.url, '--step', 'malformed', '--timeout', '400');
    expect(rulesOf(out, 'malformed')).toEqual(['probe/malformed-input']);
  });

  it('reports a server that keeps streaming after the cancel as probe/cancel-ignored', async () => {
    const server = await serve(startCancelIgnoringServer());
    const script = JSON.stringify({ steps: [{ name: 'cancel', kind: 'cancel', cancelAfterEvents: 2, graceMs: 300 }] });
    const r = await runCli(['probe', server.url, '--script', 'cancel.json', '--format', 'json'], {
      files: { 'cancel.json': script },
    });
    const out = JSON.parse(r.stdout) as JsonOut;
    const finding = out.findings.find((f) => f.rule === 'probe/cancel-ignored');
    expect(finding?.message).toMatch(
      /300 ms later the server still held the connection open and had sent [1-9]\d* byte/,
    );
    expect(r.code).toBe(1);
  });

  it('says when a server honours the cancel, and how fast it closed', async () => {
    const slow = await serve(
      startTestServer(async (_req, res, _body, input) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        for (let i = 0; i < 200 && !res.destroyed; i++) {
          res.write(
            `data: ${JSON.stringify(i === 0 ? { type: 'RUN_STARTED', ...input } : { type: 'CUSTOM', name: 'tick', value: i })}\n\n`,
          );
          await new Promise((r) => setTimeout(r, 5));
        }
        res.end(`data: ${JSON.stringify({ type: 'RUN_FINISHED', ...input })}\n\n`);
      }),
    );
    const { out } = await probeJson(slow.url, '--step', 'cancel');
    expect(verdicts(out)['cancel']).toBe('passed');
    expect(out.steps[0]?.notes).toEqual([
      expect.stringMatching(/^closed \d+ ms after the abort/),
      'the next run on the thread was served',
    ]);
    // The probe's own abort is not held against the server.
    expect(rulesOf(out, 'cancel')).not.toContain('run/truncated');
  });

  it('reports a run that outlives its cancelled connection and blocks the thread as probe/run-after-cancel', async () => {
    // Closes the connection when the client leaves, but the run goes on and holds the
    // thread: the next run on it gets an empty event stream.
    const busy = new Set<string>();
    const server = await serve(
      startTestServer(async (_req, res, _body, input) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        if (input === undefined || busy.has(input.threadId)) return void res.end();
        busy.add(input.threadId);
        res.write(`data: ${JSON.stringify({ type: 'RUN_STARTED', ...input })}\n\n`);
        for (let i = 0; i < 200 && !res.destroyed; i++) {
          res.write(`data: ${JSON.stringify({ type: 'CUSTOM', name: 'tick', value: i })}\n\n`);
          await new Promise((r) => setTimeout(r, 5));
        }
        res.end();
      }),
    );
    const { code, out } = await probeJson(server.url, '--step', 'cancel');
    expect(verdicts(out)['cancel']).toBe('failed');
    expect(out.steps[0]?.notes).toEqual([
      expect.stringMatching(/^closed \d+ ms after the abort/),
      'the next run on the thread failed',
    ]);
    const finding = out.findings.find((f) => f.file === 'cancel' && f.rule.startsWith('probe/'));
    expect(finding?.rule).toBe('probe/run-after-cancel');
    expect(finding?.message).toMatch(/^After the cancel, the next run on the same thread failed \(probe\/no-run: /);
    expect(code).toBe(1);
  });

  it('reports an event stream that ends without any run as probe/no-run', async () => {
    const server = await serve(
      startTestServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.end(': keep-alive\n\n');
      }),
    );
    const { out } = await probeJson(server.url, '--step', 'text-turn');
    expect(rulesOf(out, 'text-turn')).toContain('probe/no-run');
    expect(out.findings.find((f) => f.rule === 'probe/no-run')?.message).toMatch(
      /^The event stream ended after 0 event\(s\) without RUN_STARTED or RUN_ERROR/,
    );
  });

  it('reports RUN_STARTED ids that are not the request ids as probe/run-started-echo', async () => {
    const server = await serve(startTestServer(wrongIds));
    const { out } = await probeJson(server.url, '--step', 'text-turn');
    const echo = out.findings.find((f) => f.rule === 'probe/run-started-echo');
    expect(echo?.message).toMatch(
      /RUN_STARTED says threadId "server-thread", runId "server-run"; the request sent threadId "probe-thread-/,
    );
  });

  it('reports an HTML 500 for runs and for malformed input', async () => {
    const server = await serve(startTestServer(html500));
    const { out } = await probeJson(server.url, '--step', 'text-turn', '--step', 'malformed');
    expect(out.findings.find((f) => f.file === 'text-turn')).toMatchObject({ rule: 'probe/http-status' });
    expect(out.findings.find((f) => f.file === 'text-turn')?.message).toMatch(
      /^HTTP 500 \(text\/html; charset=utf-8\) instead of an event stream: "<!DOCTYPE html>/,
    );
    expect(out.findings.find((f) => f.file === 'malformed')?.message).toMatch(
      /HTTP 500 with an HTML page for a malformed RunAgentInput/,
    );
  });

  it('reports runs whose events carry another concurrent request ids as probe/crossed-runs', async () => {
    const server = await serve(startTestServer(sharedCurrentRun()));
    const { out } = await probeJson(server.url, '--step', 'concurrent');
    expect(verdicts(out)['concurrent']).toBe('failed');
    const crossed = out.findings.filter((f) => f.rule === 'probe/crossed-runs');
    // Three requests, one global run: two answers carry the last request's ids.
    expect(crossed.length).toBeGreaterThanOrEqual(2);
    expect(crossed[0]?.message).toMatch(/belong to another concurrent request|appears in two concurrent answers/);
  });

  it('sends -H credentials and never prints them, even when the server echoes them', async () => {
    const server = await serve(startTestServer(echoesCredentials));
    const token = 'tok-9f8e7d6c5b4a';
    const r = await runCli([
      'probe',
      server.url,
      '--step',
      'text-turn',
      '-H',
      `Authorization: Bearer ${token}`,
      '--har',
      'out.har',
    ]);
    expect(server.requests[0]?.headers['authorization']).toBe(`Bearer ${token}`);
    expect(r.stdout).toMatch(/The run failed with RUN_ERROR: not allowed: \[redacted\]/);
    expect(r.stdout + r.stderr).not.toContain(token);
    const har = r.writtenText('out.har') ?? '';
    expect(har).toMatch(/"name": "authorization",\s*"value": "\[redacted\]"/);
    expect(har).not.toContain(token);
  });

  it('exits 2 with a clear message when nothing answers', async () => {
    const server = await serve(startTestServer(wellBehaved));
    await server.close();
    const r = await runCli(['probe', server.url]);
    expect(r.code).toBe(2);
    // It stops after the first step instead of failing all seven the same way.
    expect(r.stdout.match(/^✖ /gm)).toHaveLength(1);
    expect(r.stderr).toMatch(/never answered: .*ECONNREFUSED/);
  });
});
