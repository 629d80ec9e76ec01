// `lint --format json` carries each file's payload budget; it must give the figures `stats
// --format json` gives for the same file and config.
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { main, type CliIo } from '../main.js';

async function run(args: readonly string[], files: Record<string, Uint8Array>) {
  let stdout = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: () => undefined,
    readFile: async (p) => {
      const hit = Object.entries(files).find(([name]) => p.endsWith(name));
      if (!hit) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return hit[1];
    },
    color: false,
  };
  const code = await main(args, io);
  return { code, stdout };
}

describe('lint --format json: the payload budget', () => {
  it('gives per file what stats --format json gives (demo session and shared-state stream)', async () => {
    const files = { 'session.har': fixture('demo/session.har'), 'shared-state.sse': fixture('demo/shared-state.sse') };
    const lint = JSON.parse(
      (await run(['lint', '--no-config', '--format', 'json', ...Object.keys(files)], files)).stdout,
    ) as {
      stats: { file: string; budget: { bytes: number } }[];
    };
    expect(lint.stats.map((s) => s.file)).toEqual(['session.har', 'shared-state.sse']);
    for (const name of Object.keys(files)) {
      const stats = JSON.parse(
        (await run(['stats', '--no-config', '--format', 'json', name], files)).stdout,
      ) as unknown;
      expect(lint.stats.find((s) => s.file === name)).toEqual(stats);
    }
    // The figure checked by hand (stats.test.ts): every byte of the stream counted once.
    expect(lint.stats[1]?.budget.bytes).toBe(files['shared-state.sse'].length);
  });

  it('the config thresholds reach lint as they reach stats', async () => {
    const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    const state = (n: number) => ({ items: Array.from({ length: 40 }, (_, i) => `item number ${i}`), counter: n });
    const files = {
      'resent.sse': new TextEncoder().encode(
        sse(
          { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
          { type: 'STATE_SNAPSHOT', snapshot: state(1) },
          { type: 'STATE_SNAPSHOT', snapshot: state(2) },
          { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
        ),
      ),
      'c.json': new TextEncoder().encode(JSON.stringify({ budget: { snapshotChangedBelow: 0.01 } })),
    };
    const notices = async (args: string[]) =>
      JSON.parse((await run(args, files)).stdout) as { notices?: unknown[]; stats?: { notices: unknown[] }[] };
    const loose = await notices(['lint', '--no-config', '--format', 'json', 'resent.sse']);
    const strict = await notices(['lint', '--config', 'c.json', '--format', 'json', 'resent.sse']);
    expect(loose.stats?.[0]?.notices).toHaveLength(1);
    expect(strict.stats?.[0]?.notices).toHaveLength(0);
    const statsStrict = await notices(['stats', '--config', 'c.json', '--format', 'json', 'resent.sse']);
    expect(statsStrict.notices).toEqual(strict.stats?.[0]?.notices);
  });

  it('is absent from other formats and from JSON of no file', async () => {
    const files = { 'shared-state.sse': fixture('demo/shared-state.sse') };
    const text = await run(['lint', '--no-config', 'shared-state.sse'], files);
    expect(text.stdout).not.toContain('stats');
    const json = JSON.parse((await run(['lint', '--no-config', '--format', 'json', 'missing.sse'], files)).stdout) as {
      stats: unknown[];
    };
    expect(json.stats).toEqual([]);
  });
});
