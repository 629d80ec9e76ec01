// `lint --profile 1.0|next`: the chosen client's rejections fail the lint whatever their
// severity, and the JSON output says, per finding, which clients reject the stream there.
import { describe, expect, it } from 'vitest';
import { runCli } from '../memory-io.test-helper.js';

// A run that simply stops: the 1.0 client consumes it, the draft's next client fails it.
const TRUNCATED =
  'data: {"type":"RUN_STARTED","threadId":"t1","runId":"r1"}\n\n' +
  'data: {"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}\n\n' +
  'data: {"type":"TEXT_MESSAGE_END","messageId":"m1"}\n\n';

function lint(argv: string[]) {
  return runCli(['lint', '--no-config', ...argv, '/virtual/truncated.sse'], {
    files: { '/virtual/truncated.sse': TRUNCATED },
  });
}

describe('lint --profile', () => {
  it('exits by severity alone without a profile, and under 1.0, where the client consumes the stream', async () => {
    expect((await lint([])).code).toBe(0);
    expect((await lint(['--profile', '1.0'])).code).toBe(0);
  });

  it('exits 1 under next, whose client rejects a stream without a terminal event', async () => {
    const r = await lint(['--profile', 'next', '--format', 'json']);
    expect(r.code).toBe(1);
    const truncated = (JSON.parse(r.stdout) as { findings: Record<string, unknown>[] }).findings.find(
      (f) => f['rule'] === 'run/truncated',
    );
    expect(truncated).toMatchObject({ severity: 'warning', rejectedBy: ['next'], rejects: true });
  });

  it('a rule turned off does not fail the lint under any profile', async () => {
    expect((await lint(['--profile', 'next', '--rule', 'run/truncated=off'])).code).toBe(0);
  });

  it('refuses an unknown profile as a usage error naming the choices', async () => {
    const r = await lint(['--profile', '2.0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--profile.*1\.0.*next/);
  });
});
