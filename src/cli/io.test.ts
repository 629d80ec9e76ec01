import { describe, expect, it } from 'vitest';
import { EXIT_OK, EXIT_USAGE, parsedOrExit, readOrReport, type CliIo } from './io.js';

function capture(): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readFile: () => Promise.reject(new Error('no files here')),
    color: false,
  };
  return { io, out, err };
}

type Parsed = { kind: 'help' } | { kind: 'usage-error'; message: string } | { kind: 'run'; file: string };

describe('parsedOrExit', () => {
  it('prints the usage for --help and exits 0', () => {
    const { io, out, err } = capture();
    expect(parsedOrExit(io, { kind: 'help' } as Parsed, 'Usage: x\n')).toBe(EXIT_OK);
    expect(out).toEqual(['Usage: x\n']);
    expect(err).toEqual([]);
  });
  it('puts a usage error and the usage on stderr and exits 2', () => {
    const { io, out, err } = capture();
    expect(parsedOrExit(io, { kind: 'usage-error', message: 'bad flag' } as Parsed, 'Usage: x\n')).toBe(EXIT_USAGE);
    expect(out).toEqual([]);
    expect(err.join('')).toContain('bad flag');
    expect(err.join('')).toContain('Usage: x');
  });
  it('hands back parsed arguments untouched and says nothing', () => {
    const { io, out, err } = capture();
    const parsed = { kind: 'run', file: 'a.sse' } as Parsed;
    expect(parsedOrExit(io, parsed, 'Usage: x\n')).toBe(parsed);
    expect([...out, ...err]).toEqual([]);
  });
});

describe('readOrReport', () => {
  it('reports an unreadable file on stderr and gives nothing back', () => {
    const { io, err } = capture();
    expect(readOrReport(io, { ok: false, error: 'a.sse: not a recording' })).toBeUndefined();
    expect(err.join('')).toContain('a.sse: not a recording');
  });
  it('puts each note on stderr and gives the result back', () => {
    const { io, out, err } = capture();
    const result = { ok: true as const, notes: ['first', 'second'], runs: 3 };
    expect(readOrReport(io, result)).toBe(result);
    expect(err.filter((l) => l.includes('note:'))).toHaveLength(2);
    expect(out).toEqual([]);
  });
});
