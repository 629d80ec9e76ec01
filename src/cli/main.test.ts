import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../test/fixtures/read-fixture.js';
import { COMMANDS } from './commands/registry.js';
import { runCli } from './memory-io.test-helper.js';

async function run(argv: string[], files: Record<string, Uint8Array> = {}) {
  const { code, stdout, stderr } = await runCli(argv, { files, dir: FIXTURES });
  return { code, stdout, stderr };
}

interface JsonOut {
  findings: { rule: string; severity: string; file: string; event?: number; runId?: string }[];
  summary: { files: number; errors: number; warnings: number; notices: number };
}

describe('agui-inspector lint', () => {
  it('exits 0 on a clean stream and says how many files it read', async () => {
    const r = await run(['lint', 'backend-tool.sse']);
    expect(r).toEqual({ code: 0, stdout: '✔ 1 file, 0 findings\n', stderr: '' });
  });

  it('exits 1 when an error finding is present, and names the rule', async () => {
    const r = await run(['lint', 'renamed-reopen.sse']);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe('renamed-reopen.sse');
    expect(r.stdout).toMatch(/event \d+ +error +.*tool-call\/reopen-name-mismatch/);
    expect(r.stdout).toMatch(/✖ \d+ problems? \(1 error/);
  });

  it('prints one JSON object for several files', async () => {
    const r = await run(['lint', '--format', 'json', 'truncated.sse', 'frontend-round-trip.har']);
    const out = JSON.parse(r.stdout) as JsonOut;
    expect(out.summary.files).toBe(2);
    const rules = out.findings.map((f) => f.rule);
    expect(rules).toContain('run/truncated');
    expect(rules).toContain('frontend-tool/answered-with-error');
    expect(out.findings.find((f) => f.rule === 'frontend-tool/answered-with-error')?.file).toBe(
      'frontend-round-trip.har',
    );
    expect(out.summary.errors).toBe(out.findings.filter((f) => f.severity === 'error').length);
    expect(r.code).toBe(out.summary.errors > 0 ? 1 : 0);
  });

  it('filters output by --min-severity without changing what counts as an error', async () => {
    const all = JSON.parse((await run(['lint', '--format', 'json', 'truncated.sse'])).stdout) as JsonOut;
    const errorsOnly = await run(['lint', '--format', 'json', '--min-severity', 'error', 'truncated.sse']);
    const out = JSON.parse(errorsOnly.stdout) as JsonOut;
    expect(all.findings.some((f) => f.severity === 'warning')).toBe(true);
    expect(out.findings.every((f) => f.severity === 'error')).toBe(true);
    expect(out.summary.errors).toBe(all.summary.errors);
    const notices = await run(['lint', '--min-severity', 'warning', 'chunked-calls.sse']);
    expect(notices.stdout).toBe('✔ 1 file, 0 findings\n');
    expect(notices.code).toBe(0);
  });

  it('exits 2 and explains unreadable input, still linting the other files', async () => {
    const r = await run(['lint', '--format', 'json', 'missing.sse', 'renamed-reopen.sse']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^agui-inspector: missing\.sse: cannot read file: no such file$/m);
    expect((JSON.parse(r.stdout) as JsonOut).summary.files).toBe(1);
  });

  it('makes a HAR entry without a body a finding of its file, not a reason to exit 2', async () => {
    const r = await run(['lint', '--format', 'json', 'no-bodies.har', 'backend-tool.sse']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^agui-inspector: note: no-bodies\.har: the HAR has no response bodies/m);
    const out = JSON.parse(r.stdout) as JsonOut;
    expect(out.summary.files).toBe(2);
    const missing = out.findings.filter((f) => f.rule === 'capture/body-not-recorded');
    expect(missing).toHaveLength(1);
    expect(missing[0]?.severity).toBe('error');
  });

  it('exits 2 on unknown content and on usage errors', async () => {
    const garbage = await run(['lint', 'junk.dat'], { 'junk.dat': new Uint8Array([0xc3, 0x28, 1, 2]) });
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toMatch(/junk\.dat: binary data/);
    const usage = await run(['lint', '--format', 'xml', 'a']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage:');
    expect(usage.stdout).toBe('');
  });

  it('reports loader notes on stderr, keeping stdout machine-readable', async () => {
    const r = await run(['lint', '--format', 'json', 'chrome-base64.har']);
    expect(r.stderr).toMatch(/note: chrome-base64\.har: ignored 1 entry/);
    expect(() => JSON.parse(r.stdout) as unknown).not.toThrow();
  });
});

describe('agui-inspector print, --help, --version', () => {
  it('prints the model of a file', async () => {
    const r = await run(['print', 'frontend-round-trip.har']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('thread-trip');
    expect(r.stdout).toContain('call_confirm');
  });

  it('shows help and version on stdout', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/agui-inspector lint \[--format text\|json\|sarif\|junit\|github\]/);
    expect(help.stdout).toMatch(/agui-inspector serve FILE/);
    expect((await run(['lint', '--help'])).stdout).toMatch(/--fail-on LEVEL/);
    // Every command's help reads the same way: a Usage line naming it, then what it does.
    for (const { name, usage } of COMMANDS) {
      const h = await run([name, '--help']);
      expect(h.code, name).toBe(0);
      expect(h.stdout, name).toBe(usage);
      expect(h.stdout, name).toMatch(new RegExp(`^Usage: agui-inspector ${name} .*\\n\\n[A-Z]`));
      expect(help.stdout, name).toContain(`\n  agui-inspector ${name} `);
    }
    expect((await run(['redact', '--help'])).stdout).toMatch(/Options:\n {2}-o OUT[^\n]*\n {2}--hide-lengths/);
    expect((await run(['--version'])).stdout).toBe('9.9.9-test\n');
  });
});
