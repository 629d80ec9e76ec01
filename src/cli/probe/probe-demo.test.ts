// The probe against the demo agent (a real @ag-ui/encoder server, in-process on port 0)
// with demo/probe-script.yaml: what it sends, what it concludes, what it saves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { startDemoServer, type DemoServer } from '../../../demo/server.js';
import { loadFile } from '../../core/io/load-file.js';
import { runCli, type CliRun } from '../memory-io.test-helper.js';

const SCRIPT = resolve(import.meta.dirname, '../../../demo/probe-script.yaml');
let demo: DemoServer;
let full: CliRun;

beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 2 });
  full = await runCli(['probe', `${demo.url}/agent`, '--script', SCRIPT, '--har', 'probe.har', '--format', 'json']);
});
afterAll(() => demo.close());

interface JsonOut {
  findings: { rule: string; file: string; message: string; event?: number }[];
  steps: { name: string; verdict: string; requests: number }[];
}

describe('probe against the demo agent', () => {
  it('passes every step but the state round trip, whose patch does not apply', () => {
    const out = JSON.parse(full.stdout) as JsonOut;
    expect(out.steps.map((s) => [s.name, s.verdict, s.requests])).toEqual([
      ['text-turn', 'passed', 1],
      ['frontend-tool', 'passed', 2],
      ['state', 'failed', 1],
      ['two-runs', 'passed', 2],
      // The cancelled run, then the next run on its thread.
      ['cancel', 'passed', 2],
      ['malformed', 'passed', 1],
      ['concurrent', 'passed', 4],
    ]);
    // The shared-state scenario's fourth delta replaces /budget/total, which does not exist.
    const state = out.findings.filter((f) => f.file === 'state').map((f) => [f.rule, f.event]);
    expect(state).toEqual([
      ['probe/state-round-trip', 10],
      ['state/patch-failed', 10],
    ]);
    expect(full.code).toBe(1);
  });

  it('sends RunAgentInput as HttpAgent does, and answers frontend calls in the next run', () => {
    // The demo records valid RunAgentInputs only: 13 requests minus the malformed one.
    const posts = demo.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(12);
    for (const p of posts) {
      expect(p.headers['content-type']).toBe('application/json');
      expect(p.headers['accept']).toBe('text/event-stream');
    }
    const [first, second] = posts.filter((p) => p.scenario === 'frontend-round-trip').map((p) => JSON.parse(p.body));
    expect(second.threadId).toBe(first.threadId);
    expect(second.runId).not.toBe(first.runId);
    const tools = second.messages.filter((m: { role: string }) => m.role === 'tool');
    expect(tools.map((m: { toolCallId: string }) => m.toolCallId)).toEqual([
      `${first.runId}-call-chart`,
      `${first.runId}-call-booking`,
    ]);
    // After the cancel, the next message goes on the cancelled run's thread.
    const [cancelled, next] = posts.filter((p) => p.scenario === 'long-session').map((p) => JSON.parse(p.body));
    expect(next.threadId).toBe(cancelled.threadId);
    expect(next.messages.slice(0, cancelled.messages.length)).toEqual(cancelled.messages);
    const assistant = second.messages.find((m: { toolCalls?: unknown[] }) => m.toolCalls !== undefined);
    expect(assistant.toolCalls.map((c: { function: { name: string } }) => c.function.name)).toEqual([
      'show_chart',
      'confirm_booking',
    ]);
  });

  it('saves a HAR of every request that lint and the panel loader open', async () => {
    const har = full.writtenText('probe.har')!;
    const loaded = loadFile('probe.har', new TextEncoder().encode(har));
    if (!loaded.ok) throw new Error(loaded.error);
    // 13 requests; the malformed one was answered 400 text/plain: a failed run, not a stream.
    expect(loaded.captures).toHaveLength(13);
    expect(loaded.captures.filter((c) => c.open.encoding === 'none').map((c) => c.open.status)).toEqual([400]);
    const streams = loaded.captures.filter((c) => c.open.encoding !== 'none');
    expect(streams.every((c) => c.open.requestBody?.startsWith('{"threadId":"probe-thread-'))).toBe(true);
    const lint = await runCli(['lint', 'probe.har', '--format', 'json'], { files: { 'probe.har': har } });
    const rules = (JSON.parse(lint.stdout) as JsonOut).findings.map((f) => f.rule);
    expect(rules).toContain('state/patch-failed');
    expect(rules).toContain('transport/http-status');
  });

  it('prints progress per step in text', async () => {
    const r = await runCli([
      'probe',
      `${demo.url}/agent`,
      '--script',
      SCRIPT,
      '--step',
      'state',
      '--step',
      'malformed',
    ]);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`Probing ${demo.url}/agent (2 steps)`);
    expect(lines[1]).toMatch(
      /^✖ state {6}1 request · \d+ ms · headers [\d.]+ m?s, first event [\d.]+ m?s, [^·]*total [\d.]+ m?s · 5 state update\(s\) {2}probe\/state-round-trip$/,
    );
    expect(lines[2]).toMatch(/^✓ malformed {2}1 request · \d+ ms · HTTP 400$/);
    expect(r.stdout).toMatch(/1 of 2 steps passed\n$/);
  });

  it('asks for protobuf with --proto and checks the protobuf answer', async () => {
    const r = await runCli([
      'probe',
      `${demo.url}/agent`,
      '--script',
      SCRIPT,
      '--step',
      'text-turn',
      '--proto',
      '--har',
      'p.har',
    ]);
    expect(r.stdout).toMatch(/✓ text-turn/);
    const entry = JSON.parse(r.writtenText('p.har')!).log.entries[0];
    expect(entry.request.headers).toContainEqual({ name: 'accept', value: 'application/vnd.ag-ui.event+proto' });
    expect(entry.response.content).toMatchObject({ mimeType: 'application/vnd.ag-ui.event+proto', encoding: 'base64' });
    expect(r.code).toBe(0);
  });

  it('writes junit, sarif and github reports with a suite per step', async () => {
    const base = ['probe', `${demo.url}/agent`, '--script', SCRIPT, '--step', 'state', '--step', 'text-turn'];
    const junit = await runCli([...base, '--format', 'junit']);
    expect(junit.stdout).toMatch(/<testsuite name="state" tests="1" failures="1"/);
    expect(junit.stdout).toMatch(/<testsuite name="text-turn" tests="1" failures="0"/);
    const sarif = JSON.parse((await runCli([...base, '--format', 'sarif'])).stdout);
    expect(sarif.runs[0].results.map((x: { ruleId: string }) => x.ruleId)).toEqual([
      'probe/state-round-trip',
      'state/patch-failed',
    ]);
    // A probe finding points at the script file, the step as a logical location.
    expect(sarif.runs[0].tool.driver.informationUri).toBe('https://www.npmjs.com/package/agui-inspector');
    const where = sarif.runs[0].results[0].locations[0];
    expect(where.physicalLocation.artifactLocation.uri).toMatch(/\/demo\/probe-script\.yaml$/);
    expect(where.logicalLocations[0].fullyQualifiedName).toMatch(/^state\//);
    expect(sarif.runs[0].artifacts).toHaveLength(1);
    const github = await runCli([...base, '--format', 'github']);
    expect(github.stdout).toMatch(/^::error file=state,title=probe\/state-round-trip/m);
    // Machine formats keep stdout clean: progress goes to stderr.
    expect(github.stderr).toMatch(/✖ state/);
  });

  it('passes with --fail-on raised past what it found', async () => {
    const r = await runCli([
      'probe',
      `${demo.url}/agent`,
      '--script',
      SCRIPT,
      '--step',
      'state',
      '--rule',
      'probe/state-round-trip=warning',
      '--fail-on',
      'error',
    ]);
    expect(r.code).toBe(0);
  });
});
