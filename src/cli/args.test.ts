import { describe, expect, it } from 'vitest';
import { parseTop } from './args.js';
import { parseLintArgs } from './commands/lint-args.js';
import { COMMANDS as REGISTRY } from './commands/registry.js';

const COMMANDS = REGISTRY.map((c) => c.name);

describe('parseTop', () => {
  it('hands the rest of argv to the named command', () => {
    expect(parseTop(['lint', '--format', 'json', 'a.har'], COMMANDS)).toEqual({
      kind: 'command',
      name: 'lint',
      argv: ['--format', 'json', 'a.har'],
    });
    expect(parseTop(['--help'], COMMANDS)).toEqual({ kind: 'help' });
    expect(parseTop(['-h', 'lint'], COMMANDS)).toEqual({ kind: 'help' });
    expect(parseTop(['--version'], COMMANDS)).toEqual({ kind: 'version' });
  });

  it('names the commands on a usage error', () => {
    expect(parseTop([], COMMANDS)).toMatchObject({
      kind: 'usage-error',
      message: `missing command (${COMMANDS.join(', ')})`,
    });
    expect(parseTop(['fix', 'a'], COMMANDS)).toMatchObject({
      kind: 'usage-error',
      message: expect.stringMatching(/unknown command "fix"/) as unknown,
    });
    for (const name of COMMANDS) expect(parseTop([name], COMMANDS), name).toMatchObject({ kind: 'command', name });
  });
});

describe('parseLintArgs', () => {
  it('parses options, repeated --rule and several files', () => {
    const r = parseLintArgs([
      '--format',
      'sarif',
      '--min-severity=warning',
      '--fail-on',
      'notice',
      '--rule',
      'run/truncated=off',
      '--rule',
      'sse/crlf-framing=error',
      'a.har',
      'b.sse',
    ]);
    expect(r.kind).toBe('lint');
    if (r.kind !== 'lint') return;
    expect(r.args).toMatchObject({
      files: ['a.har', 'b.sse'],
      format: 'sarif',
      minSeverity: 'warning',
      failOn: 'notice',
    });
    expect([...r.args.rules]).toEqual([
      ['run/truncated', 'off'],
      ['sse/crlf-framing', 'error'],
    ]);
    // Unset options stay unset so the config file can supply them.
    expect(parseLintArgs(['x'])).toMatchObject({ kind: 'lint', args: { files: ['x'], noConfig: false } });
    const bare = parseLintArgs(['x']);
    expect(bare.kind === 'lint' && bare.args.format).toBeUndefined();
  });

  it('reports usage errors with the reason', () => {
    const cases: [string[], RegExp][] = [
      [[], /at least one FILE/],
      [['--format', 'xml', 'a'], /--format must be text, json, sarif, junit or github/],
      [['--min-severity', 'info', 'a'], /--min-severity must be/],
      [['--fail-on', 'fatal', 'a'], /--fail-on must be error, warning or notice/],
      [['--rule', 'no/such-rule=off', 'a'], /unknown rule id "no\/such-rule"/],
      [['--rule', 'run/truncated=loud', 'a'], /setting for run\/truncated must be off, error, warning or notice/],
      [['--rule', 'run/truncated', 'a'], /--rule takes ID=LEVEL/],
      [['--colour', 'a'], /colour/],
      [['--config', 'c.json', '--no-config', 'a'], /exclude each other/],
    ];
    for (const [argv, message] of cases) {
      const c = parseLintArgs(argv);
      expect(c.kind, argv.join(' ')).toBe('usage-error');
      expect(c.kind === 'usage-error' && c.message, argv.join(' ')).toMatch(message);
    }
  });
});
