// The built CLI as a user runs it: dist-cli/cli.js is built by vitest's globalSetup
// (test/setup/build-cli.ts) from this checkout before any test runs.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
describe('bin/agui-inspector.js (built)', () => {
  it('lints a fixture with the documented exit code and JSON output', () => {
    const r = spawnSync(
      process.execPath,
      ['bin/agui-inspector.js', 'lint', '--format', 'json', 'test/fixtures/renamed-reopen.sse'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout) as { findings: { rule: string }[] };
    expect(out.findings.map((f) => f.rule)).toContain('tool-call/reopen-name-mismatch');
  });

  it('refuses a FIFO and a device at once (exit 2) instead of hanging or reading forever', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const fifo = resolve(mkdtempSync(resolve(tmpdir(), 'agui-fifo-')), 'pipe.sse');
    execFileSync('mkfifo', [fifo]);
    for (const file of [fifo, '/dev/zero']) {
      const r = spawnSync(process.execPath, ['bin/agui-inspector.js', 'lint', file], {
        cwd: root,
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(r.status, `${file}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(/not a regular file \((a FIFO|a device)\)/);
    }
  });

  it('prints its version', () => {
    const version = execFileSync(process.execPath, ['bin/agui-inspector.js', '--version'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(version.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('bin/agui-inspector.js without a build', () => {
  it('says to run the build first', async () => {
    const { mkdtempSync, mkdirSync, copyFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(resolve(tmpdir(), 'agui-bin-'));
    mkdirSync(resolve(dir, 'bin'));
    copyFileSync(resolve(root, 'bin/agui-inspector.js'), resolve(dir, 'bin/agui-inspector.js'));
    const r = spawnSync(process.execPath, [resolve(dir, 'bin/agui-inspector.js'), '--version'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/run npm run build first/);
  });
});

describe('agui-inspector serve as a process', () => {
  it('ends cleanly (exit 0) on SIGINT and on SIGTERM', async () => {
    const { spawn } = await import('node:child_process');
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      // The built CLI (globalSetup builds it): it starts in well under a second even on a busy machine.
      const child = spawn(
        process.execPath,
        ['bin/agui-inspector.js', 'serve', '--port', '0', 'test/fixtures/backend-tool.sse'],
        { cwd: root },
      );
      const exited = new Promise<{ code: number | null; signal: string | null }>((done) =>
        child.on('exit', (code, sig) => done({ code, signal: sig })),
      );
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      await expect.poll(() => stderr, { timeout: 40_000 }).toMatch(/serving 1 recorded run at/);
      child.kill(signal);
      // The signal it died of, if any, and what it printed: a failure here says why.
      expect(await exited, `${signal}; stderr: ${stderr}`).toEqual({ code: 0, signal: null });
      expect(stderr).toMatch(/stopped/);
    }
  }, 60_000);
});
