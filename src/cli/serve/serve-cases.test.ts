// The conformance catalogue played into the official client: each case served by
// `serve --cases` (picked by the X-Agui-Run header) into @ag-ui/client's HttpAgent, whose
// outcome must be the one the case declares (the corpus's `expect` for official cases; the
// measured behaviour for framework cases, which this test holds).
import { afterEach, describe, expect, it } from 'vitest';
import { HttpAgent } from '@ag-ui/client';
import { CLIENT_CASES } from '../../core/client-cases/catalogue.js';
import { caseRun } from '../../core/client-cases/wire.js';
import type { ClientCase } from '../../core/client-cases/types.js';
import { closeServed, serve } from './serve.test-helper.js';

afterEach(closeServed);

type Seen = { outcome: 'completed' | 'failed' | 'hangs'; error: string; messages: number };

/** Runs the official client against the served case; "hangs" when it is still running after `patienceMs`. */
async function play(url: string, c: ClientCase, patienceMs: number): Promise<Seen> {
  const agent = new HttpAgent({ url, threadId: 'thread-under-test', headers: { 'X-Agui-Run': c.id } });
  const quiet = { onRunFailed: () => undefined };
  let timer: NodeJS.Timeout | undefined;
  const stillRunning = new Promise<'hangs'>((done) => (timer = setTimeout(() => done('hangs'), patienceMs)));
  try {
    const ended = await Promise.race([
      agent.runAgent({ runId: 'run-under-test' }, quiet).then(() => 'completed' as const),
      stillRunning,
    ]);
    if (ended === 'hangs') agent.abortRun();
    return { outcome: ended, error: '', messages: agent.messages.length };
  } catch (e) {
    return { outcome: 'failed', error: e instanceof Error ? e.message : String(e), messages: agent.messages.length };
  } finally {
    clearTimeout(timer);
  }
}

const paced = (c: ClientCase) => c.official.outcome === 'hangs' || c.answer.parts.some((p) => p.at > 1_000);

describe('the client conformance catalogue against the official HttpAgent', () => {
  it('has unique ids, a title, a source and what a good client does for every case', () => {
    const ids = CLIENT_CASES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(CLIENT_CASES.filter((c) => c.group === 'official').length).toBeGreaterThanOrEqual(80);
    for (const c of CLIENT_CASES) {
      expect(c.title.length, c.id).toBeGreaterThan(10);
      expect(c.source, c.id).not.toBe('');
      expect(c.goodClient, c.id).not.toBe('');
    }
  });

  const quick = CLIENT_CASES.filter((c) => !paced(c));
  it(`ends each of ${quick.length} unpaced cases as the case says`, { timeout: 120_000 }, async () => {
    const { server } = await serve(
      quick.map((c) => caseRun(c)),
      { keepIds: false },
    );
    const wrong: string[] = [];
    for (const c of quick) {
      const seen = await play(`${server.url}/agent`, c, 5_000);
      const errorOk = c.official.errorContains === undefined || seen.error.includes(c.official.errorContains);
      const countOk = c.official.messageCount === undefined || seen.messages === c.official.messageCount;
      if (seen.outcome !== c.official.outcome || !errorOk || !countOk)
        wrong.push(`${c.id}: declared ${JSON.stringify(c.official)}, saw ${JSON.stringify(seen)}`);
    }
    expect(wrong).toEqual([]);
  });
});
