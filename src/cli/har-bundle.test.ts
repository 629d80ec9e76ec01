// Playwright's own HAR variants through the commands that read HARs: content 'attach'
// (bodies in files next to the HAR), a .zip HAR, and a body file that went missing.
// Recorded by real Playwright in e2e/playwright-har-lint.spec.ts; here built by hand.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runCli } from './memory-io.test-helper.js';

const enc = (s: string) => new TextEncoder().encode(s);
const BODY = [
  'data: {"type":"RUN_STARTED","threadId":"t1","runId":"r1"}',
  'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"hi"}',
  'data: {"type":"RUN_FINISHED","threadId":"t1","runId":"r1"}',
  '',
  '',
].join('\n\n');

function har(content: Record<string, unknown>): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'Playwright', version: '1.65.1' },
      entries: [
        {
          startedDateTime: '2026-01-01T00:00:00.000Z',
          time: 5,
          request: { method: 'POST', url: 'http://127.0.0.1:9/agent', headers: [], postData: { text: '{}' } },
          response: {
            status: 200,
            headers: [],
            content: { size: BODY.length, mimeType: 'text/event-stream', ...content },
          },
        },
      ],
    },
  });
}

interface JsonOut {
  findings: { rule: string; message: string }[];
  summary: { files: number; errors: number };
}

const json = (stdout: string) => JSON.parse(stdout) as JsonOut;

describe.each([
  ['whole', undefined],
  ['streamed', 7],
] as const)('Playwright HARs, read %s', (_how, pieces) => {
  it("lints a HAR whose body is a file next to it (content: 'attach')", async () => {
    const r = await runCli(['lint', '--format', 'json', 'rec/run.har'], {
      files: { 'rec/run.har': har({ _file: 'abc123.dat' }), 'rec/abc123.dat': enc(BODY) },
      ...(pieces !== undefined ? { pieces } : {}),
    });
    expect(r.stderr).toBe('');
    expect(json(r.stdout).findings.map((f) => f.rule)).toContain('text-message/not-open');
    expect(r.code).toBe(1);
  });

  it('makes a missing body file a finding that names it', async () => {
    const r = await runCli(['lint', '--format', 'json', 'rec/run.har'], {
      files: { 'rec/run.har': har({ _file: 'gone.dat' }) },
      ...(pieces !== undefined ? { pieces } : {}),
    });
    const out = json(r.stdout);
    expect(out.findings.map((f) => f.rule)).toEqual(['capture/body-not-recorded']);
    expect(out.findings[0]?.message).toMatch(/its body file gone\.dat is not next to the HAR/);
    expect(r.code).toBe(1);
  });
});

describe('a .zip HAR (recordHar with a .zip path)', () => {
  const zip = zipSync({ 'har.har': enc(har({ _file: 'abc123.dat' })), 'abc123.dat': enc(BODY) });

  it('is linted, printed and exported from its zip', async () => {
    const lint = await runCli(['lint', '--format', 'json', 'run.zip'], { files: { 'run.zip': zip }, pieces: 64 });
    expect(json(lint.stdout).findings.map((f) => f.rule)).toContain('text-message/not-open');
    const print = await runCli(['print', 'run.zip'], { files: { 'run.zip': zip } });
    expect(print.code).toBe(0);
    expect(print.stdout).toMatch(/run .*thread="t1" run="r1" status=finished/);
    const exported = await runCli(['export', 'run.zip', '--as', 'sse', '-o', 'out.sse'], { files: { 'run.zip': zip } });
    expect(exported.code).toBe(0);
    expect(exported.writtenText('out.sse')).toBe(BODY);
  });

  it('says what is wrong with a zip that holds no HAR', async () => {
    const r = await runCli(['lint', 'x.zip'], { files: { 'x.zip': zipSync({ 'a.txt': enc('hi') }) } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/x\.zip: a zip without a \.har file in it/);
  });
});
