// The probe's default script against a real framework's AG-UI server: CopilotKit's runtime
// serving its BuiltInAgent over the AI SDK's mock language model (copilotkit-server and
// mock-model test helpers), on 127.0.0.1. Each step's verdict is checked against what the
// model and the server were seen to do, not only against the probe's own report. The
// probe finds one real fault: the runtime closes a cancelled run's connection but keeps
// the run (and the model) going, so the next message on that thread gets an empty stream.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadFile } from '../../core/io/load-file.js';
import { startCopilotKitServer, type CopilotKitServer } from './copilotkit-server.test-helper.js';
import { runCli, type CliRun } from '../memory-io.test-helper.js';

interface JsonOut {
  findings: { rule: string; file: string; severity: string }[];
  steps: { name: string; verdict: string; requests: number; notes: string[] }[];
}
interface HarEntry {
  request: { postData?: { text: string }; headers: { name: string; value: string }[] };
  response: { status: number; content: { text?: string; mimeType: string } };
}

const TOKEN = 'ck-secret-5e4d3c2b1a';
let server: CopilotKitServer;
let full: CliRun;
let out: JsonOut;
let entries: HarEntry[];

beforeAll(async () => {
  // The runtime logs the malformed request's validation errors, and the AI SDK warns that
  // the adapter passes the state as a system message: both expected, kept out of the log.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server = await startCopilotKitServer();
  full = await runCli([
    'probe',
    server.url,
    '--format',
    'json',
    '--har',
    'ck.har',
    '-H',
    `Authorization: Bearer ${TOKEN}`,
  ]);
  out = JSON.parse(full.stdout) as JsonOut;
  entries = (JSON.parse(full.writtenText('ck.har') ?? '{}') as { log: { entries: HarEntry[] } }).log.entries;
}, 60_000);
afterAll(async () => {
  server.mock.release();
  await server.close();
  vi.restoreAllMocks();
});

const step = (name: string) => out.steps.find((s) => s.name === name);
const bodyOf = (e: HarEntry) => JSON.parse(e.request.postData?.text ?? '{}') as Record<string, unknown>;
const sseEvents = (e: HarEntry) =>
  (e.response.content.text ?? '')
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);

describe('probe against CopilotKit runtime with its BuiltInAgent', () => {
  it('passes every step but cancel: the run goes on after its client left, and holds the thread', () => {
    expect(out.steps.map((s) => [s.name, s.verdict, s.requests])).toEqual([
      ['text-turn', 'passed', 1],
      ['frontend-tool', 'passed', 2],
      ['state', 'passed', 1],
      ['two-runs', 'passed', 2],
      ['cancel', 'failed', 2],
      ['malformed', 'passed', 1],
      ['concurrent', 'passed', 3],
    ]);
    // The empty answer to the next run is also a stream cut short for the protocol rules.
    expect(out.findings.filter((f) => f.severity !== 'notice').map((f) => [f.file, f.rule])).toEqual([
      ['cancel', 'probe/run-after-cancel'],
      ['cancel', 'run/truncated'],
    ]);
    expect(full.code).toBe(1);
  });

  it('has the model call the advertised tool and sees the answer reach it in the next run', () => {
    const runs = entries.filter((e) => JSON.stringify(bodyOf(e)['tools'] ?? []).includes('probe_confirm'));
    expect(runs).toHaveLength(2);
    const [first, second] = runs as [HarEntry, HarEntry];
    const call = sseEvents(first).find((e) => e['type'] === 'TOOL_CALL_START');
    expect(call?.['toolCallName']).toBe('probe_confirm');
    const answered = (bodyOf(second)['messages'] as { role: string; toolCallId?: string }[]).find(
      (m) => m.role === 'tool',
    );
    expect(answered?.toolCallId).toBe(call?.['toolCallId']);
    // The mock model answers a tool result in text: the continuation reached the model.
    const text = sseEvents(second)
      .filter((e) => e['type'] === 'TEXT_MESSAGE_CONTENT')
      .map((e) => e['delta'])
      .join('');
    expect(text).toBe('Thanks, that is confirmed.');
  });

  it('round-trips the state: the model edits what it was sent and the deltas apply', () => {
    expect(step('state')?.notes).toContain('2 state update(s)');
    const run = entries.find((e) => JSON.stringify(bodyOf(e)['state'] ?? {}).includes('"first"'));
    const delta = run === undefined ? undefined : sseEvents(run).find((e) => e['type'] === 'STATE_DELTA');
    expect(delta?.['delta']).toEqual([
      { op: 'replace', path: '/probe/counter', value: 2 },
      { op: 'add', path: '/probe/items/-', value: 'second' },
    ]);
  });

  it('carries the history into the second run on a thread', () => {
    const second = entries.find((e) =>
      JSON.stringify(bodyOf(e)['messages'] ?? []).includes('Which word did I ask you to remember?'),
    );
    const text = (second === undefined ? [] : sseEvents(second))
      .filter((e) => e['type'] === 'TEXT_MESSAGE_CONTENT')
      .map((e) => e['delta'])
      .join('');
    expect(text).toBe('You asked me to remember "pelican".');
  });

  it('measures the cancel: the connection closes, but the model runs on and the thread stays busy', async () => {
    expect(step('cancel')?.notes).toEqual([
      expect.stringMatching(/^closed \d+ ms after the abort; \d+ byte\(s\) after it$/),
      'the next run on the thread failed',
    ]);
    // The runtime (InMemoryAgentRunner) answers the next run on the thread with an empty
    // event stream: it is still running the cancelled one.
    const next = entries.find((e) => JSON.stringify(bodyOf(e)['messages'] ?? []).includes('"id":"cancel-2-msg-1"'));
    expect(next?.response.status).toBe(200);
    expect(sseEvents(next!)).toEqual([]);
    // What the probe could not see on the wire: the model was never told to stop, and
    // generates its whole answer for a client that left.
    // The count is held after a few tokens; the runtime never aborted it.
    const count = server.mock.paced[0];
    expect(count?.end).toBe('open');
    expect(count?.streamed).toBeLessThanOrEqual(10);
    server.mock.release();
    await vi.waitFor(() => expect(count).toMatchObject({ end: 'finished', streamed: 300 }), { timeout: 10_000 });
  });

  it('accepts the runtime answering --proto with SSE, as HttpAgent does', async () => {
    const r = await runCli(['probe', server.url, '--proto', '--step', 'text-turn', '--har', 'p.har']);
    const entry = (JSON.parse(r.writtenText('p.har') ?? '{}') as { log: { entries: HarEntry[] } }).log.entries[0];
    expect(entry?.request).toMatchObject({
      headers: expect.arrayContaining([{ name: 'accept', value: 'application/vnd.ag-ui.event+proto' }]),
    });
    expect(entry?.response.content).toMatchObject({ mimeType: 'text/event-stream' });
    expect(r.stdout).toMatch(/^✓ text-turn/m);
    expect(r.code).toBe(0);
  });

  it('refuses a malformed RunAgentInput with a 400', () => {
    expect(step('malformed')?.notes).toEqual(['HTTP 400']);
  });

  it('sends the credential and keeps it out of the report and the HAR', () => {
    expect(full.stdout + full.stderr).not.toContain(TOKEN);
    expect(full.writtenText('ck.har')).not.toContain(TOKEN);
  });

  it('saves a HAR that the panel loader opens, one capture per event stream', () => {
    const loaded = loadFile('ck.har', new TextEncoder().encode(full.writtenText('ck.har') ?? ''));
    if (!loaded.ok) throw new Error(loaded.error);
    // 12 requests, 12 captures: the malformed one was answered 400 (a failed run, no
    // stream), and the run after the cancel got an empty body, which a HAR this tool wrote
    // holds as an empty answer (not a body the browser dropped).
    expect(entries).toHaveLength(12);
    expect(loaded.captures).toHaveLength(12);
    expect(loaded.captures.filter((c) => c.open.encoding === 'none').map((c) => c.open.status)).toEqual([400]);
  });
});
