// lint of an SSE body and of a HAR holding it: what the client's SSE parser discards is named
// (sse/no-data-field, sse/ignored-line), whether read whole or in pieces.
import { describe, expect, it } from 'vitest';
import { sseHarEntry } from '../../../test/har-entry.test-helper.js';
import { runCli } from '../memory-io.test-helper.js';

const BODY = [
  'data: {"type":"RUN_STARTED","threadId":"t1","runId":"r1"}',
  '',
  '{"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"}',
  '',
  'data: {"type":"CUSTOM","name":"a","value":1}',
  '{"type":"CUSTOM","name":"b","value":2}',
  '',
  'data: {"type":"RUN_FINISHED","threadId":"t1","runId":"r1"}',
  '',
  '',
].join('\n');

interface JsonFinding {
  readonly rule: string;
  readonly message: string;
}

async function lintRules(path: string, text: string, pieces?: number): Promise<{ code: number; rules: string[] }> {
  const r = await runCli(['lint', '--format', 'json', '--fail-on', 'warning', path], {
    files: { [path]: text },
    ...(pieces ? { pieces } : {}),
  });
  const out = JSON.parse(r.stdout) as { findings: JsonFinding[] };
  return { code: r.code, rules: out.findings.map((x) => x.rule) };
}

describe('lint: SSE lines the client drops', () => {
  it.each([undefined, 16])('an SSE file reports both and fails at --fail-on warning (pieces: %s)', async (pieces) => {
    const { code, rules } = await lintRules('/virtual/run.sse', BODY, pieces);
    expect(rules).toContain('sse/no-data-field');
    expect(rules).toContain('sse/ignored-line');
    expect(code).toBe(1);
  });

  it('a HAR whose entry holds the body reports them too', async () => {
    const har = {
      log: {
        version: '1.2',
        entries: [
          sseHarEntry({
            url: 'http://x/agent',
            requestBody: JSON.stringify({ threadId: 't1', runId: 'r1', messages: [], tools: [] }),
            sse: BODY,
            time: 5,
          }),
        ],
      },
    };
    const { rules } = await lintRules('/virtual/app.har', JSON.stringify(har));
    expect(rules).toContain('sse/no-data-field');
    expect(rules).toContain('sse/ignored-line');
  });
});
