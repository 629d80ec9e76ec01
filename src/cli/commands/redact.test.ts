import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { readFile } from 'node:fs/promises';
import { FIXTURES } from '../../../test/fixtures/read-fixture.js';
import { runCli } from '../memory-io.test-helper.js';
import { parseRedactArgs } from './redact-args.js';
import { redactFile } from '../../core/io/redact/redact-file.js';
import { allText, lintKeys } from '../../core/io/redact/redact.test-helper.js';
import { SESSION_FORMAT } from '../../core/io/session-format.js';

function run(argv: string[]) {
  return runCli(argv, { dir: FIXTURES });
}

describe('agui-inspector redact (in process)', () => {
  it('parses its options apart from lint', () => {
    expect(parseRedactArgs(['a.har', '-o', 'b.har'])).toEqual({
      kind: 'redact',
      file: 'a.har',
      out: 'b.har',
      hideLengths: false,
      strict: false,
    });
    expect(parseRedactArgs(['--strict', 'a.sse', '-o', 'b.sse'])).toMatchObject({ strict: true, hideLengths: false });
    expect(parseRedactArgs(['--hide-lengths', 'a.har', '--out=b.har'])).toMatchObject({
      hideLengths: true,
      out: 'b.har',
    });
    expect(parseRedactArgs(['a.har'])).toMatchObject({ kind: 'usage-error', message: expect.stringMatching(/-o OUT/) });
    expect(parseRedactArgs(['a.har', '-o', 'a.har'])).toMatchObject({ kind: 'usage-error' });
    expect(parseRedactArgs(['a', 'b', '-o', 'c'])).toMatchObject({ kind: 'usage-error' });
  });

  it('writes the redacted copy and prints counts by kind and the removed credentials', async () => {
    const r = await run(['redact', 'chrome-credentials.har', '-o', 'out.har']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Redacted chrome-credentials\.har \(har\) to out\.har\n/);
    expect(r.stdout).toMatch(/^ {2}strings masked: \d+$/m);
    expect(r.stdout).toMatch(/^ {2}cookies removed: \d+$/m);
    expect(r.stdout).toMatch(/^Credentials removed:$/m);
    expect(r.stdout).toMatch(/^ {2}log\.entries\[0\]\.request\.headers\.authorization$/m);
    const out = new TextDecoder().decode(r.written.get('out.har'));
    expect(out).not.toMatch(/HAR-BEARER-222|HAR-COOKIE-333/);
  });

  it('notes what --hide-lengths may move', async () => {
    const r = await run(['redact', '--hide-lengths', 'backend-tool.sse', '-o', 'o.sse']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Note: lengths hidden/);
    expect(new TextDecoder().decode(r.written.get('o.sse'))).toContain('[redacted]');
  });

  it('--strict replaces ids, names and paths by pseudonyms, and lint still finds the same', async () => {
    const original = new TextDecoder().decode(await readFile(resolve(FIXTURES, 'frontend-round-trip.har')));
    // The recorded ids and names, read from the fixture (not from the redactor).
    const ids = [
      ...original.matchAll(/\\?"(?:threadId|runId|messageId|toolCallId|toolCallName)\\?":\s*\\?"([^"\\]+)\\?"/g),
    ].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(3);
    const masked = await run(['redact', 'frontend-round-trip.har', '-o', 'm.har']);
    const strict = await run(['redact', '--strict', 'frontend-round-trip.har', '-o', 's.har']);
    expect(strict.code).toBe(0);
    expect(strict.stdout).toMatch(/^ {2}ids, names, keys and path segments replaced by pseudonyms: \d+$/m);
    expect(strict.stdout).toMatch(/^Note: strict: .*same pseudonym within this file/m);
    expect(masked.stdout).not.toMatch(/pseudonym/);
    const maskedText = allText(new TextDecoder().decode(masked.written.get('m.har')));
    const strictText = allText(new TextDecoder().decode(strict.written.get('s.har')));
    expect(ids.filter((id) => maskedText.includes(id)).length).toBeGreaterThan(0);
    expect(ids.filter((id) => strictText.includes(id))).toEqual([]);
    const originalBytes = new Uint8Array(await readFile(resolve(FIXTURES, 'frontend-round-trip.har')));
    expect(lintKeys('s.har', strict.written.get('s.har')!)).toEqual(lintKeys('o.har', originalBytes));
  });

  it('exits 2 on unreadable or unrecognised input and writes nothing', async () => {
    const missing = await run(['redact', 'no-such-file.har', '-o', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read file/);
    const usage = await run(['redact', 'backend-tool.sse']);
    expect(usage.code).toBe(2);
    const bad = await run(['redact', 'README.md', '-o', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.written.size).toBe(0);
  });
});

describe('agui-inspector redact (the CLI entry as a process)', () => {
  const root = resolve(import.meta.dirname, '../../..');
  const cli = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });

  // Processes start slowly on a busy machine: a generous limit, no timing asserted.
  it('redacts a HAR to a file that lints like the original and holds no credential', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(resolve(tmpdir(), 'agui-redact-'));
    const out = resolve(dir, 'out.har');
    const r = cli(['redact', resolve(FIXTURES, 'chrome-credentials.har'), '-o', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/credential headers removed/);
    const text = readFileSync(out, 'utf8');
    for (const secret of [
      'HAR-BEARER-222',
      'HAR-COOKIE-333',
      'HAR-APIKEY-444',
      'HAR-SETCOOKIE-888',
      'HAR-PASSWORD-505',
    ])
      expect(text).not.toContain(secret);
    const lint = async (file: string) =>
      JSON.parse((await run(['lint', '--format', 'json', file])).stdout) as {
        findings: { rule: string; event?: number }[];
      };
    const before = await lint(resolve(FIXTURES, 'frontend-round-trip.har'));
    const red = resolve(dir, 'rt.har');
    expect(cli(['redact', resolve(FIXTURES, 'frontend-round-trip.har'), '-o', red]).status).toBe(0);
    const after = await lint(red);
    const keys = (o: typeof before) => o.findings.map((f) => `${f.rule}@${f.event ?? ''}`);
    expect(keys(after)).toEqual(keys(before));
    expect(keys(before).length).toBeGreaterThan(0);
  });

  it('streams a large SSE body to OUT, and refuses OUT naming the input by another path', { timeout: 120_000 }, () => {
    // The built CLI (vitest's globalSetup builds it), run where the files are.
    const bin = resolve(root, 'bin/agui-inspector.js');
    const dir = mkdtempSync(resolve(tmpdir(), 'agui-redact-'));
    const unit = readFileSync(resolve(FIXTURES, 'backend-tool.sse'));
    const big = Buffer.concat(Array.from({ length: Math.ceil((1.2 * (1 << 20)) / unit.length) }, () => unit));
    writeFileSync(resolve(dir, 'big.sse'), big);
    const same = spawnSync(process.execPath, [bin, 'redact', 'big.sse', '-o', './big.sse'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(same.status).toBe(2);
    expect(same.stderr).toMatch(/write the redacted copy elsewhere/);
    expect(readFileSync(resolve(dir, 'big.sse')).equals(big)).toBe(true);
    const r = spawnSync(process.execPath, [bin, 'redact', 'big.sse', '-o', 'out.sse'], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Redacted big\.sse \(sse\) to out\.sse\n/);
    const out = readFileSync(resolve(dir, 'out.sse'));
    // What the whole-file redaction writes, byte for byte.
    const whole = redactFile('big.sse', new Uint8Array(big), { hideLengths: false });
    expect(whole.ok && Buffer.from(whole.bytes).equals(out)).toBe(true);
    expect(unit.toString('utf8')).toMatch(/forecast/);
    expect(out.toString('utf8')).not.toMatch(/forecast/);
    expect(readdirSync(dir).sort()).toEqual(['big.sse', 'out.sse']);
  });

  it('exits 2 on a file it cannot redact', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(resolve(tmpdir(), 'agui-redact-'));
    const bad = resolve(dir, 'bad.json');
    writeFileSync(bad, '{"hello": 1}');
    const r = cli(['redact', bad, '-o', resolve(dir, 'o.json')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/not a HAR/);
  });
});

describe('agui-inspector redact (large files, streamed)', () => {
  // Over the 1 MB head redact sniffs: streamed when the I/O can open and write pieces.
  const big = (unit: Uint8Array, min: number) => {
    const times = Math.ceil(min / unit.length);
    const out = new Uint8Array(unit.length * times);
    for (let i = 0; i < times; i++) out.set(unit, i * unit.length);
    return out;
  };

  async function redactWith(bytes: Uint8Array, name: string, streaming: boolean, flags: readonly string[] = []) {
    const r = await runCli(['redact', ...flags, name, '-o', 'out'], {
      files: { [name]: bytes },
      ...(streaming ? { pieces: 65_536 } : {}),
    });
    return { code: r.code, stdout: r.stdout, out: r.written.get('out'), parts: r.piecesWritten, opened: r.opened };
  }

  for (const [fixture, name] of [
    ['backend-tool.sse', 'big.sse'],
    ['events.jsonl', 'big.jsonl'],
  ] as const) {
    it(`${name}: streamed in pieces, the same bytes and report as read whole`, { timeout: 120_000 }, async () => {
      const unit = new Uint8Array(await readFile(resolve(FIXTURES, fixture)));
      const bytes = big(unit, (1 << 20) + 100_000);
      const streamed = await redactWith(bytes, name, true);
      const whole = await redactWith(bytes, name, false);
      expect(streamed.code).toBe(0);
      expect(streamed.parts).toBeGreaterThan(1);
      expect(streamed.out).toEqual(whole.out);
      expect(streamed.stdout).toBe(whole.stdout);
      expect(streamed.stdout).toMatch(name.endsWith('.sse') ? /\(sse\)/ : /\(jsonl\)/);
    });

    it(`${name}: --strict streams too, with the same bytes as read whole`, { timeout: 120_000 }, async () => {
      const unit = new Uint8Array(await readFile(resolve(FIXTURES, fixture)));
      const bytes = big(unit, (1 << 20) + 100_000);
      const streamed = await redactWith(bytes, name, true, ['--strict']);
      const whole = await redactWith(bytes, name, false, ['--strict']);
      expect(streamed.code).toBe(0);
      expect(streamed.parts).toBeGreaterThan(1);
      expect(streamed.out).toEqual(whole.out);
      expect(streamed.stdout).toBe(whole.stdout);
      expect(new TextDecoder().decode(streamed.out)).toMatch(/"messageId":"message-1"/);
    });
  }

  const bigHar = async (extra: Record<string, unknown> = {}) => {
    const har = JSON.parse(await readFile(resolve(FIXTURES, 'demo/session.har'), 'utf8')) as {
      log: { entries: unknown[] };
    };
    const entries: unknown[] = [];
    while (JSON.stringify(entries).length < (1 << 20) + 100_000) entries.push(...har.log.entries);
    return new TextEncoder().encode(JSON.stringify({ log: { ...har.log, entries }, ...extra }, null, 2));
  };

  for (const flags of [[], ['--strict']]) {
    it(
      `a large HAR${flags.map((f) => ` ${f}`).join('')}: streamed entry by entry, the same bytes and report as read whole`,
      { timeout: 120_000 },
      async () => {
        const bytes = await bigHar();
        const streamed = await redactWith(bytes, 'big.har', true, flags);
        const whole = await redactWith(bytes, 'big.har', false, flags);
        expect(streamed.code).toBe(0);
        expect(streamed.parts).toBeGreaterThan(1);
        expect(streamed.out).toEqual(whole.out);
        expect(streamed.stdout).toBe(whole.stdout);
        expect(streamed.stdout).toMatch(/\(har\)/);
      },
    );
  }

  it(
    'a large file that starts as a HAR but is a session: the stream gives way to the whole-file path',
    { timeout: 120_000 },
    async () => {
      const bytes = await bigHar({ format: SESSION_FORMAT });
      const streamed = await redactWith(bytes, 'odd.har', true);
      const whole = await redactWith(bytes, 'odd.har', false);
      expect(streamed.opened).toBe(1);
      expect(streamed.code).toBe(whole.code);
      expect(streamed.out).toEqual(whole.out);
      expect(streamed.stdout).toBe(whole.stdout);
    },
  );

  it('reads a small HAR whole (it is one JSON document)', async () => {
    const unit = new Uint8Array(await readFile(resolve(FIXTURES, 'frontend-round-trip.har')));
    const r = await redactWith(unit, 'small.har', true);
    expect(r.code).toBe(0);
    expect(r.parts).toBe(0);
  });
});
