// agui-inspector/vitest under Jest's own `expect` (the npm package `expect` is Jest's
// expect standalone): extended with `expect.extend`, as a Jest user would, it passes,
// fails with a readable message, negates, and awaits a Response.
import { expect as jestExpect } from 'expect';
import { describe, expect, it } from 'vitest';
import { aguiMatchers, type ValidAguiOptions } from './index.js';

// What a Jest user's @types/jest declares globally, declared here for Jest's expect module.
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> {
    toBeValidAgui(options?: ValidAguiOptions): T extends Response ? Promise<void> : R;
  }
}

jestExpect.extend(aguiMatchers);

const CLEAN = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'hello' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];
// Content for a message that was never started: an error at event 1 (counting from 0).
const UNOPENED = [CLEAN[0]!, ...CLEAN.slice(2, 3), CLEAN[4]!];
const sse = (events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

/** The error Jest's expect throws, or a failure of this test when it throws none. */
function failure(assert: () => unknown): Error {
  try {
    assert();
  } catch (e) {
    if (e instanceof Error) return e;
    throw new Error(`threw a non-Error: ${String(e)}`);
  }
  throw new Error('the assertion passed');
}

describe("toBeValidAgui with Jest's expect", () => {
  it('passes clean runs given as events, SSE text and bytes', () => {
    jestExpect(CLEAN).toBeValidAgui();
    jestExpect(sse(CLEAN)).toBeValidAgui();
    jestExpect(new TextEncoder().encode(sse(CLEAN))).toBeValidAgui();
    jestExpect(sse(UNOPENED)).not.toBeValidAgui();
  });

  it('fails a bad body with a message naming the rule, run and event', () => {
    const error = failure(() => jestExpect(sse(UNOPENED)).toBeValidAgui());
    // Jest's own assertion error, carrying the matcher's result for its reporters.
    expect(error.constructor.name).toBe('JestAssertionError');
    expect((error as Error & { matcherResult?: { pass: boolean } }).matcherResult?.pass).toBe(false);
    expect(error.message).toMatch(/^expected a valid AG-UI stream, found 1 error findings in 1 run\(s\):\n/);
    expect(error.message).toMatch(/text-message\/not-open \(thread t1 · run r1 .*event 1\)/);
    expect(error.message).not.toMatch(/\[object Object\]|undefined/);
  });

  it('fails the negation of a clean body, and follows failOn and rules', () => {
    expect(failure(() => jestExpect(CLEAN).not.toBeValidAgui()).message).toBe(
      'expected AG-UI error findings, found none in 1 run(s)',
    );
    const cut = CLEAN.slice(0, -1);
    expect(failure(() => jestExpect(cut).toBeValidAgui()).message).toContain('run/truncated');
    jestExpect(cut).toBeValidAgui({ allowNoTerminal: true, config: false });
    jestExpect(sse(UNOPENED)).toBeValidAgui({ rules: { 'text-message/not-open': 'off' }, config: false });
  });

  it('awaits a Response, passing or rejecting with the findings', async () => {
    await jestExpect(new Response(sse(CLEAN))).toBeValidAgui();
    await expect(jestExpect(new Response(sse(UNOPENED))).toBeValidAgui()).rejects.toThrow(/text-message\/not-open/);
  });
});
