// A crash is never a finding: out-of-range input is a usage error (2) with a message, and an
// unexpected error inside a command exits 3 — never 0 ("clean") or 1 ("findings").
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../test/fixtures/read-fixture.js';
import { EXIT_INTERNAL, main, type CliIo } from './main.js';

const session = readFileSync(resolve(FIXTURES, 'session-v1.json'), 'utf8');

function io(files: Record<string, string>, overrides: Partial<CliIo> = {}) {
  const out = { stdout: '', stderr: '', written: new Map<string, unknown>() };
  const cli: CliIo = {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    readFile: async (p) => {
      const text = files[p];
      if (text === undefined) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return new TextEncoder().encode(text);
    },
    writeFile: async (p, data) => void out.written.set(p, data),
    color: false,
    ...overrides,
  };
  return { cli, out };
}

describe('exit statuses of failures', () => {
  it('export --as har of a session whose startedAt is out of range: exit 2, a clear message, no stack', async () => {
    const broken = session.replace('"startedAt":1764700000000', '"startedAt":1e20');
    expect(broken).not.toBe(session);
    const { cli, out } = io({ 'case.agui.json': broken });
    const code = await main(['export', 'case.agui.json', '--as', 'har', '-o', 'case.har'], cli);
    expect(code).toBe(2);
    expect(out.stderr).toMatch(/case\.agui\.json#\d starts at 100000000000000000000, which is not a time/);
    expect(out.stderr).not.toMatch(/RangeError|\n\s+at /);
    expect(out.written.size).toBe(0);
  });

  it('an unexpected error inside a command exits 3 and says it is a bug, not a finding', async () => {
    const { cli, out } = io(
      { 'backend-tool.sse': readFileSync(resolve(FIXTURES, 'backend-tool.sse'), 'utf8') },
      {
        stdout: () => {
          throw new TypeError('stdout went away oddly');
        },
      },
    );
    const code = await main(['print', 'backend-tool.sse'], cli);
    expect(code).toBe(EXIT_INTERNAL);
    expect(EXIT_INTERNAL).not.toBe(0);
    expect(EXIT_INTERNAL).not.toBe(1);
    expect(out.stderr).toContain('agui-inspector print: internal error');
    expect(out.stderr).toContain('TypeError: stdout went away oddly');
  });
});
