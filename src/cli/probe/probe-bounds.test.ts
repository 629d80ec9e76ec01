// The probe against answers without end: it stops at --max-bytes (default 64 MB) with a
// message naming the limit, exits 1, and stays within a memory bound, measured as the
// child's peak resident memory (a bound on memory, not on time).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from './broken-servers.test-helper.js';
import { startUnboundedServer, type Unbounded } from './unbounded-servers.test-helper.js';

const root = resolve(import.meta.dirname, '../../..');
// The goal. Peaks measured as the child's own (VmHWM): 250-262 MB on endless events
// or one endless line, 167-175 MB on the protobuf prefix, alone or beside three busy loops.
// The 410-572 MB once seen in CI were the test runner's pages, counted by getrusage in a
// child forked from it (test/setup/report-max-rss.cjs).
const MAX_RSS_MB = 300;

let open: TestServer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

interface Child {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly maxRssMb: number;
}

function probe(url: string, ...args: string[]): Promise<Child> {
  const argv = ['--require', resolve(root, 'test/setup/report-max-rss.cjs'), 'bin/agui-inspector.js', 'probe', url];
  const child = spawn(process.execPath, [...argv, '--step', 'text-turn', ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
  // A hang would leave the child running: the test's own timeout fails it, and this kills it.
  const killer = setTimeout(() => child.kill('SIGKILL'), 110_000);
  return new Promise((done) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      const kb = Number(/max-rss-kb=(\d+)/.exec(stderr)?.[1] ?? NaN);
      done({ code, stdout, stderr, maxRssMb: kb / 1024 });
    }),
  );
}

describe('probe bounds an answer without end', () => {
  const cases: readonly [Unbounded, string][] = [
    ['events', 'valid events without end'],
    ['line', 'one data: line without end'],
    ['proto', 'a 2 GB protobuf frame prefix, then bytes without end'],
  ];
  for (const [kind, what] of cases) {
    it(`stops at 64 MB on ${what}, exits 1, and stays under ${MAX_RSS_MB} MB`, async () => {
      open = await startUnboundedServer(kind);
      const r = await probe(open.url, ...(kind === 'proto' ? ['--proto'] : []));
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toContain('probe/too-large');
      expect(r.stdout).toContain('passed 64 MB (--max-bytes) without ending');
      expect(r.maxRssMb).toBeLessThan(MAX_RSS_MB);
    }, 120_000);
  }

  it('takes a smaller bound from --max-bytes', async () => {
    open = await startUnboundedServer('events');
    const r = await probe(open.url, '--max-bytes', '1M');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('passed 1 MB (--max-bytes)');
  }, 120_000);
});
