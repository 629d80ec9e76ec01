// `stats`: what a session weighs. The demo session's figures were checked by hand once
// (frame lengths of shared-state.sse's STATE_SNAPSHOT 120 and STATE_DELTA 562 bytes, the
// frontend round trip's request bodies 700 and 1373 bytes in session.har); the text
// snapshot (__snapshots__/stats-session-har.txt) holds them.
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { main, type CliIo } from '../main.js';

const encode = (t: string) => new TextEncoder().encode(t);
const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

async function stats(args: readonly string[], files: Record<string, Uint8Array>) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: async (p) => {
      const hit = Object.entries(files).find(([name]) => p.endsWith(name));
      if (!hit) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return hit[1];
    },
    color: false,
  };
  const code = await main(['stats', ...args], io);
  return { code, stdout, stderr };
}

const state = (n: number) => ({ items: Array.from({ length: 40 }, (_, i) => `item number ${i}`), counter: n });
const resent = sse(
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'STATE_SNAPSHOT', snapshot: state(1) },
  { type: 'STATE_SNAPSHOT', snapshot: state(2) },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
);

describe('stats', () => {
  it('weighs the demo session (held by a text snapshot)', async () => {
    const r = await stats(['session.har'], { 'session.har': fixture('demo/session.har') });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'thread thread-frontend-round-trip · 2 runs · 3635 bytes streamed · requests 700 → 1373 bytes, growth per turn +673, largest +673',
    );
    expect(r.stdout).toContain('stateSnapshots 120 (6.2 %), deltas 562 (29.1 %)');
    await expect(r.stdout).toMatchFileSnapshot('./__snapshots__/stats-session-har.txt');
  });

  it('a shared-state stream: every byte counted once, by type and kind', async () => {
    const file = fixture('demo/shared-state.sse');
    const r = await stats(['--format', 'json', 'shared-state.sse'], { 'shared-state.sse': file });
    const out = JSON.parse(r.stdout) as { budget: { bytes: number; byKind: Record<string, number> } };
    expect(out.budget.bytes).toBe(file.length);
    expect(Object.values(out.budget.byKind).reduce((a, b) => a + b, 0)).toBe(file.length);
  });

  it('a snapshot resent with under 10 % changed is a notice; the config can lower the bar', async () => {
    const files = { 'resent.sse': encode(resent) };
    const r = await stats(['--no-config', 'resent.sse'], files);
    expect(r.stdout).toMatch(
      /snapshot-mostly-unchanged: STATE_SNAPSHOT #2 of run 'r' resends \d+ bytes of state with \d\.\d % changed/,
    );
    expect(r.stdout).not.toContain('STATE_SNAPSHOT #1 of run');
    const config = encode(JSON.stringify({ budget: { snapshotChangedBelow: 0.01 } }));
    const strict = await stats(['--config', 'c.json', 'resent.sse'], { ...files, 'c.json': config });
    expect(strict.stdout).toContain('no budget notices');
  });

  it('a request history growing past the per-turn budget is a notice', async () => {
    const r = await stats(['--config', 'c.json', 'session.har'], {
      'session.har': fixture('demo/session.har'),
      'c.json': encode(JSON.stringify({ budget: { requestGrowthKb: 0.5 } })),
    });
    expect(r.stdout).toContain(
      "request-growth: The request of run 'run-2' on thread 'thread-frontend-round-trip' is 673 bytes larger than the one before (700 → 1373)",
    );
  });

  it('a thread summary in JSON: runs, bytes, request per run and its growth per turn', async () => {
    const r = await stats(['--format', 'json', '--config', 'c.json', 'session.har'], {
      'session.har': fixture('demo/session.har'),
      'c.json': encode(JSON.stringify({ budget: { requestGrowthKb: 0.5 } })),
    });
    const out = JSON.parse(r.stdout) as {
      budget: {
        threads: { threadId: string; runKeys: string[]; bytes: number; requests: number[]; requestGrowth: number[] }[];
      };
      notices: { kind: string; threadId: string; message: string }[];
    };
    const thread = out.budget.threads.find((t) => t.threadId === 'thread-frontend-round-trip');
    // Figures checked by hand (see the top of this file): request bodies 700 and 1373 bytes.
    expect(thread).toMatchObject({ bytes: 3635, requests: [700, 1373], requestGrowth: [673] });
    expect(thread?.runKeys).toHaveLength(2);
    const growth = out.notices.filter((n) => n.kind === 'request-growth');
    expect(growth.map((n) => n.threadId)).toEqual(['thread-frontend-round-trip']);
    expect(growth[0]?.message).toContain(`is ${thread?.requestGrowth[0]} bytes larger`);
  });

  it('refuses a bad budget setting and a bad format', async () => {
    const bad = await stats(['--config', 'c.json', 'x.sse'], {
      'x.sse': encode(resent),
      'c.json': encode(JSON.stringify({ budget: { runMb: -1 } })),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('budget.runMb must be a number ≥ 0');
    const fmt = await stats(['--format', 'xml', 'x.sse'], { 'x.sse': encode(resent) });
    expect(fmt.code).toBe(2);
  });
});
