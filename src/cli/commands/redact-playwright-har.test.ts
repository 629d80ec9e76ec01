// `redact` reads Playwright's own HAR variants as lint does: a .zip HAR and a HAR recorded
// with content: 'attach' (bodies in files named by `_file`). The copy is one HAR with those
// bodies inline and redacted, and it lints as the original does.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runCli } from '../memory-io.test-helper.js';

const enc = (s: string) => new TextEncoder().encode(s);
const SECRET = 'customer-secret-words';
const BODY = [
  'data: {"type":"RUN_STARTED","threadId":"t1","runId":"r1"}',
  `data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"${SECRET}"}`,
  'data: {"type":"RUN_FINISHED","threadId":"t1","runId":"r1"}',
  '',
  '',
].join('\n\n');

function entry(content: Record<string, unknown>, url = 'http://127.0.0.1:9/agent'): Record<string, unknown> {
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 5,
    request: { method: 'POST', url, headers: [], postData: { text: '{}' } },
    response: { status: 200, headers: [], content },
  };
}

const sseEntry = (content: Record<string, unknown>) =>
  entry({ size: BODY.length, mimeType: 'text/event-stream', ...content });

const har = (...entries: Record<string, unknown>[]): string =>
  JSON.stringify({ log: { version: '1.2', creator: { name: 'Playwright', version: '1.65.1' }, entries } });

interface HarOut {
  log: { entries: { response: { content: { text?: string; encoding?: string; _file?: string } } }[] };
}

/** The SSE body of the copy's first entry, as text. */
function firstBody(written: string | undefined): string {
  const content = (JSON.parse(written ?? '{}') as HarOut).log.entries[0]?.response.content;
  expect(content?._file).toBeUndefined();
  const text = content?.text ?? '';
  return content?.encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text;
}

async function lintRules(files: Record<string, string | Uint8Array>, file: string): Promise<string[]> {
  const r = await runCli(['lint', '--format', 'json', file], { files });
  return (JSON.parse(r.stdout) as { findings: { rule: string }[] }).findings.map((f) => f.rule).sort();
}

describe('agui-inspector redact of Playwright HARs', () => {
  it("keeps the bodies of a content: 'attach' HAR, redacted, inline in its copy", async () => {
    const files = { 'rec/run.har': har(sseEntry({ _file: 'abc123.dat' })), 'rec/abc123.dat': enc(BODY) };
    const r = await runCli(['redact', 'rec/run.har', '-o', 'out.har'], { files });
    expect(r.stderr).toMatch(/bodies in separate files: wrote one HAR with those bodies inline/);
    expect(r.code).toBe(0);
    const body = firstBody(r.writtenText('out.har'));
    expect(body).toContain('"type":"TEXT_MESSAGE_CONTENT"');
    expect(body).toContain(`"delta":"${'*'.repeat(SECRET.length)}"`);
    expect(body).not.toContain(SECRET);
    const original = await lintRules(files, 'rec/run.har');
    expect(original).toContain('text-message/not-open');
    expect(await lintRules({ 'out.har': r.written.get('out.har')! }, 'out.har')).toEqual(original);
  });

  it('reads a .zip HAR and writes its redacted HAR with the bodies from the zip', async () => {
    const zip = zipSync({ 'har.har': enc(har(sseEntry({ _file: 'abc123.dat' }))), 'abc123.dat': enc(BODY) });
    const r = await runCli(['redact', '--strict', 'run.zip', '-o', 'out.har'], { files: { 'run.zip': zip } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Redacted run\.zip \(har\) to out\.har$/m);
    const body = firstBody(r.writtenText('out.har'));
    expect(body).toContain('"type":"RUN_FINISHED"');
    expect(body).not.toContain(SECRET);
    expect(await lintRules({ 'out.har': r.written.get('out.har')! }, 'out.har')).toEqual(
      await lintRules({ 'run.zip': zip }, 'run.zip'),
    );
  });

  it('reads the body files of an attach HAR over 1 MB too (not streamed without them)', async () => {
    // A second entry with a large JSON body makes the HAR one the streamed path would take.
    const filler = entry({ mimeType: 'application/json', text: JSON.stringify({ pad: 'x'.repeat(1_200_000) }) });
    const files = { 'rec/big.har': har(sseEntry({ _file: 'abc123.dat' }), filler), 'rec/abc123.dat': enc(BODY) };
    expect(files['rec/big.har'].length).toBeGreaterThan(1 << 20);
    const r = await runCli(['redact', 'rec/big.har', '-o', 'out.har'], { files, pieces: 1 << 16 });
    expect(r.code).toBe(0);
    const body = firstBody(r.writtenText('out.har'));
    expect(body).toContain('"type":"RUN_STARTED"');
    expect(body).not.toContain(SECRET);
  });
});
