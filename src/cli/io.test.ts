import { describe, expect, it } from 'vitest';
import { EXIT_OK, EXIT_USAGE, parsedOrExit, readOrReport } from './io.js';
import { memoryIo } from './memory-io.test-helper.js';

const capture = () => memoryIo({ readFile: () => Promise.reject(new Error('no files here')) });

type Parsed = { kind: 'help' } | { kind: 'usage-error'; message: string } | { kind: 'run'; file: string };

describe('parsedOrExit', () => {
  it('prints the usage for --help and exits 0', () => {
    const c = capture();
    expect(parsedOrExit(c.io, { kind: 'help' } as Parsed, 'Usage: x\n')).toBe(EXIT_OK);
    expect(c.stdout).toBe('Usage: x\n');
    expect(c.stderr).toBe('');
  });
  it('puts a usage error and the usage on stderr and exits 2', () => {
    const c = capture();
    expect(parsedOrExit(c.io, { kind: 'usage-error', message: 'bad flag' } as Parsed, 'Usage: x\n')).toBe(EXIT_USAGE);
    expect(c.stdout).toBe('');
    expect(c.stderr).toContain('bad flag');
    expect(c.stderr).toContain('Usage: x');
  });
  it('hands back parsed arguments untouched and says nothing', () => {
    const c = capture();
    const parsed = { kind: 'run', file: 'a.sse' } as Parsed;
    expect(parsedOrExit(c.io, parsed, 'Usage: x\n')).toBe(parsed);
    expect(c.stdout + c.stderr).toBe('');
  });
});

describe('readOrReport', () => {
  it('reports an unreadable file on stderr and gives nothing back', () => {
    const c = capture();
    expect(readOrReport(c.io, { ok: false, error: 'a.sse: not a recording' })).toBeUndefined();
    expect(c.stderr).toContain('a.sse: not a recording');
  });
  it('puts each note on stderr and gives the result back', () => {
    const c = capture();
    const result = { ok: true as const, notes: ['first', 'second'], runs: 3 };
    expect(readOrReport(c.io, result)).toBe(result);
    expect(c.stderr.match(/note: (first|second)\n/g)).toHaveLength(2);
    expect(c.stdout).toBe('');
  });
});
