// `expect(agui).toHaveNoAguiErrors()`, a web-first assertion: it waits until the context's
// AG-UI streams (and requests that may become one) have ended and stayed quiet, then
// judges, retrying until the expect timeout. `.not` waits for an error to appear. On
// timeout the message names the streams still open.
import { expect as baseExpect, type Expect, type ExpectMatcherState, type MatcherReturnType } from '@playwright/test';
import type { Finding } from '../core/findings.js';
import { ruleById } from '../core/catalogue/catalogue.js';
import { clientVerdict } from '../core/print/rule-text.js';
import { quietWaits, type AguiInspector } from './inspector.js';
import { DEFAULT_IDLE_MS } from './quiet.js';

export interface NoAguiErrorsOptions {
  /** ms; default the `expect` timeout (5 s unless configured). */
  readonly timeout?: number;
  /** How long the context must stay quiet before it is judged; default 150 ms. */
  readonly idleMs?: number;
  /**
   * Pass runs whose body ended without RUN_FINISHED or RUN_ERROR (`run/truncated`), as before
   * this check existed. Default false: @ag-ui/client resolves such a run as if it had
   * succeeded, so the application shows a cut answer as complete.
   */
  readonly allowNoTerminal?: boolean;
}

/** What fails the assertion: every error, and a run cut without its terminal event unless allowed. */
async function failing(agui: AguiInspector, allowNoTerminal: boolean): Promise<Finding[]> {
  const all = await agui.findings({ minSeverity: allowNoTerminal ? 'error' : 'warning' });
  return all.filter((f) => f.severity === 'error' || (!allowNoTerminal && f.rule === 'run/truncated'));
}

function describeFinding(f: Finding): string {
  const rule = ruleById(f.rule);
  const where = [
    f.threadId !== undefined ? `thread ${f.threadId}` : '',
    f.runId !== undefined ? `run ${f.runId}` : '',
    f.events[0] !== undefined ? `event ${f.events[0]}` : '',
  ]
    .filter((p) => p !== '')
    .join(' · ');
  return `  ${f.rule}${where !== '' ? ` (${where})` : ''}: ${f.message}${rule !== undefined ? `\n    ${clientVerdict(rule)}` : ''}`;
}

// A type alias, not an interface: expect.extend wants an indexable record of matchers.
export type AguiMatchers = {
  /**
   * Passes when, once the context's AG-UI streams in flight have ended (or the timeout
   * passed), its captured streams have no error findings and no run ended without its
   * terminal event (`allowNoTerminal` lets those pass). A body still open past the timing
   * grace after its run ended (`aguiTiming.openAfterTerminalMs`) is such an error.
   */
  toHaveNoAguiErrors(
    this: ExpectMatcherState,
    agui: AguiInspector,
    options?: NoAguiErrorsOptions,
  ): Promise<MatcherReturnType>;
};

export const expect: Expect<AguiMatchers> = baseExpect.extend<AguiMatchers>({
  async toHaveNoAguiErrors(agui: AguiInspector, options: NoAguiErrorsOptions = {}) {
    const wait = quietWaits.get(agui);
    if (wait === undefined)
      throw new Error('toHaveNoAguiErrors: expect the `agui` fixture of agui-inspector/playwright');
    const timeout = options.timeout ?? this.timeout;
    const deadline = Date.now() + timeout;
    const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    let errors: Finding[] = [];
    let open: readonly string[] = [];
    for (;;) {
      const outcome = await wait(idleMs, deadline);
      open = outcome.open;
      errors = await failing(agui, options.allowNoTerminal === true);
      // Errors never go away: a found one decides both ways. Quiet and clean passes,
      // unless `.not` asked for errors, which may still come until the deadline.
      if (errors.length > 0 || (outcome.quiet && !this.isNot) || Date.now() >= deadline) break;
    }
    const pass = errors.length === 0 && open.length === 0;
    const stillOpen =
      open.length > 0 ? `\nAG-UI traffic still in flight after ${timeout} ms:\n  ${open.join('\n  ')}` : '';
    const message = pass
      ? () => `expected AG-UI error findings, found none within ${timeout} ms`
      : errors.length > 0
        ? () =>
            `expected no AG-UI error findings, found ${errors.length}:\n${errors.map(describeFinding).join('\n')}${stillOpen}`
        : () => `expected no AG-UI error findings; none so far, but the streams did not end${stillOpen}`;
    return { pass, message, name: 'toHaveNoAguiErrors', expected: 0, actual: errors.length, timeout };
  },
});
