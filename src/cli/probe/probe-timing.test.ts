// The probe against answers whose fault is in time or in how the body ends: each fails its
// step (exit 1) with the finding that names it, and the probe does not wait out its timeout.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, wellBehaved, type TestServer } from './broken-servers.test-helper.js';
import { runCli } from '../memory-io.test-helper.js';
import { buffered, openAfterFinished, stalled, truncatedMidCall } from './timing-servers.test-helper.js';

let open: TestServer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

interface JsonOut {
  findings: { rule: string; message: string; severity: string }[];
  steps: { name: string; verdict: string; notes: string[]; timing?: string }[];
}

async function probe(handler: Parameters<typeof startTestServer>[0], ...args: string[]) {
  open = await startTestServer(handler);
  const started = Date.now();
  const r = await runCli(['probe', open.url, '--step', 'text-turn', '--format', 'json', '--timeout', '20000', ...args]);
  return { code: r.code, out: JSON.parse(r.stdout) as JsonOut, ms: Date.now() - started };
}

describe('probe: how the body ends and when', () => {
  it('fails a body still open after RUN_FINISHED once the end grace passes, without waiting for --timeout', async () => {
    const r = await probe(openAfterFinished, '--end-grace', '1000');
    expect(r.code).toBe(1);
    expect(r.out.steps[0]?.verdict).toBe('failed');
    const found = r.out.findings.find((f) => f.rule === 'timing/open-after-terminal');
    expect(found?.severity).toBe('error');
    expect(found?.message).toMatch(/still open 1(\.\d)? s after RUN_FINISHED/);
    expect(r.ms).toBeLessThan(15_000);
  });

  it('fails a body that ends mid tool call without RUN_FINISHED', async () => {
    const r = await probe(truncatedMidCall);
    expect(r.code).toBe(1);
    const found = r.out.findings.find((f) => f.rule === 'probe/no-terminal');
    expect(found?.message).toContain('in the middle of tool call lookup_order (call-1)');
    expect(found?.message).toContain('as if it had succeeded');
  });

  it('fails a run delivered in one burst after 3 s of silence, as buffered', async () => {
    const r = await probe(buffered());
    expect(r.code).toBe(1);
    const found = r.out.findings.find((f) => f.rule === 'timing/buffered');
    expect(found?.severity).toBe('error');
    expect(found?.message).toContain('a proxy or compression is buffering the stream');
  });

  it('reports a silence inside the run past --stall, a warning that fails at --fail-on warning', async () => {
    const r = await probe(stalled(1500), '--stall', '1000', '--fail-on', 'warning');
    expect(r.code).toBe(1);
    const found = r.out.findings.find((f) => f.rule === 'timing/stall');
    expect(found?.severity).toBe('warning');
    expect(found?.message).toMatch(/No event for 1(\.\d)? s inside the open run/);
    // The same silence under the default 30 s threshold is no finding, and the step passes.
    const quiet = await probe(stalled(1500));
    expect(quiet.out.findings.map((f) => f.rule)).not.toContain('timing/stall');
    expect(quiet.code).toBe(0);
  });

  it('refuses a --stall that is not a positive number of ms', async () => {
    const r = await runCli(['probe', 'http://127.0.0.1:9/', '--stall', 'soon']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--stall takes a positive number of ms, not "soon"');
  });

  it('passes a well-behaved turn and prints its timing figures', async () => {
    const r = await probe(wellBehaved);
    expect(r.code).toBe(0);
    expect(r.out.steps[0]?.timing).toMatch(
      /^headers [\d.]+ m?s, first event [\d.]+ m?s, first token [\d.]+ m?s, total [\d.]+ m?s$/,
    );
  });
});
