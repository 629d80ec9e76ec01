import { describe, expect, it } from 'vitest';
import { parseCommand } from './args.js';

describe('parseCommand', () => {
  it('parses lint with options and several files', () => {
    expect(parseCommand(['lint', '--format', 'json', '--min-severity=warning', 'a.har', 'b.sse'])).toEqual({
      kind: 'lint',
      files: ['a.har', 'b.sse'],
      format: 'json',
      minSeverity: 'warning',
    });
    expect(parseCommand(['lint', 'x'])).toMatchObject({ format: 'text', minSeverity: 'notice' });
  });

  it('parses print, help and version', () => {
    expect(parseCommand(['print', 'a.sse'])).toEqual({ kind: 'print', file: 'a.sse' });
    expect(parseCommand(['--help'])).toEqual({ kind: 'help' });
    expect(parseCommand(['-h', 'lint'])).toEqual({ kind: 'help' });
    expect(parseCommand(['--version'])).toEqual({ kind: 'version' });
  });

  it('reports usage errors with the reason', () => {
    const cases: [string[], RegExp][] = [
      [[], /missing command/],
      [['lint'], /at least one FILE/],
      [['lint', '--format', 'xml', 'a'], /--format must be text or json/],
      [['lint', '--min-severity', 'info', 'a'], /--min-severity must be/],
      [['lint', '--colour', 'a'], /colour/],
      [['print'], /exactly one FILE/],
      [['print', 'a', 'b'], /exactly one FILE/],
      [['fix', 'a'], /unknown command "fix"/],
    ];
    for (const [argv, message] of cases) {
      const c = parseCommand(argv);
      expect(c.kind, argv.join(' ')).toBe('usage-error');
      expect(c.kind === 'usage-error' && c.message, argv.join(' ')).toMatch(message);
    }
  });
});
