// The fixture's web-first assertions. Each waits until the context's AG-UI streams (and
// requests that may become one) have ended and stayed quiet, then judges, retrying until
// its timeout, and ends by that deadline whatever the page is doing: a busy stream is
// judged as far as it has arrived. On timeout the message names the streams still open.
//   expect(agui).toHaveNoAguiErrors({ failOn, rules, allow })  no failing findings
//   expect(agui).toHaveAguiFinding(rule | { rule, run, call })  that finding is there
import { expect as baseExpect, type Expect, type ExpectMatcherState, type MatcherReturnType } from '@playwright/test';
import type { Finding } from '../core/findings.js';
import { describeFinding } from './describe.js';
import { aguiInternals, type AguiInspector, type AguiInternals } from './inspector.js';
import { describeQuery, failingFindings, matchesFinding, type AguiPolicy, type FindingQuery } from './judge.js';
import { atDeadline, DEFAULT_IDLE_MS, type QuietOutcome } from './quiet.js';
import { policyOf } from './settings.js';

export interface WebFirstOptions {
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

export interface NoAguiErrorsOptions extends WebFirstOptions, AguiPolicy {}

function internalsOf(agui: AguiInspector, matcher: string): AguiInternals {
  const inner = aguiInternals.get(agui);
  if (inner === undefined) throw new Error(`${matcher}: expect the \`agui\` fixture of agui-inspector/playwright`);
  return inner;
}

interface Look {
  readonly quiet: boolean;
  readonly open: readonly string[];
  readonly timedOut: boolean;
}

/**
 * Looks at the context until `decided` says so or the deadline passes. The deadline is a
 * timer raced against the wait, so a page that keeps the test busy cannot stretch it.
 */
async function lookUntil(
  inner: AguiInternals,
  idleMs: number,
  deadline: number,
  decided: (look: Look) => boolean,
): Promise<Look> {
  const late = atDeadline<QuietOutcome | undefined>(deadline, undefined);
  try {
    for (;;) {
      const outcome = await Promise.race([inner.wait(idleMs, deadline), late.promise]);
      const timedOut = outcome === undefined || Date.now() >= deadline;
      const look = { quiet: outcome?.quiet ?? false, open: outcome?.open ?? inner.openNow(), timedOut };
      if (decided(look) || timedOut) return look;
    }
  } finally {
    late.cancel();
  }
}

const stillOpen = (open: readonly string[], timeout: number): string =>
  open.length > 0 ? `\nAG-UI traffic still in flight after ${timeout} ms:\n  ${open.join('\n  ')}` : '';

// A type alias, not an interface: expect.extend wants an indexable record of matchers.
export type AguiMatchers = {
  /**
   * Passes when, once the context's AG-UI streams in flight have ended (or the timeout
   * passed), its captured streams have no failing findings (errors, unless `failOn` says) and
   * no run ended without its terminal event (`allowNoTerminal` lets those pass). A body still
   * open past the timing grace after its run ended (`aguiTiming.openAfterTerminalMs`) is an error.
   */
  toHaveNoAguiErrors(
    this: ExpectMatcherState,
    agui: AguiInspector,
    options?: NoAguiErrorsOptions,
  ): Promise<MatcherReturnType>;
  /** Passes once a finding of this rule (in this run, on this tool call) has been captured. */
  toHaveAguiFinding(
    this: ExpectMatcherState,
    agui: AguiInspector,
    finding: FindingQuery,
    options?: WebFirstOptions,
  ): Promise<MatcherReturnType>;
};

export const expect: Expect<AguiMatchers> = baseExpect.extend<AguiMatchers>({
  async toHaveNoAguiErrors(agui: AguiInspector, options: NoAguiErrorsOptions = {}) {
    const inner = internalsOf(agui, 'toHaveNoAguiErrors');
    const asked = policyOf(options, 'toHaveNoAguiErrors', inner.policy);
    // @ag-ui/client resolves a run cut without its terminal event as a success, so the app shows
    // a cut answer as complete: that fails the test unless asked not to (or a rule setting says).
    const policy =
      options.allowNoTerminal === true
        ? asked
        : { ...asked, rules: { 'run/truncated': 'error' as const, ...asked.rules } };
    const timeout = options.timeout ?? this.timeout;
    let failing: Finding[] = [];
    const look = await lookUntil(inner, options.idleMs ?? DEFAULT_IDLE_MS, Date.now() + timeout, (l) => {
      failing = failingFindings(inner.findingsNow(), policy);
      // Findings never go away: a failing one decides both ways. Quiet and clean passes,
      // unless `.not` asked for errors, which may still come until the deadline.
      return failing.length > 0 || (l.quiet && !this.isNot);
    });
    failing = failingFindings(inner.findingsNow(), policy);
    const pass = failing.length === 0 && look.open.length === 0;
    const open = stillOpen(look.open, timeout);
    const what = policy.failOn === undefined || policy.failOn === 'error' ? 'error findings' : 'failing findings';
    const message = pass
      ? () => `expected AG-UI ${what}, found none within ${timeout} ms`
      : failing.length > 0
        ? () => `expected no AG-UI ${what}, found ${failing.length}:\n${failing.map(describeFinding).join('\n')}${open}`
        : () => `expected no AG-UI ${what}; none so far, but the streams did not end${open}`;
    return { pass, message, name: 'toHaveNoAguiErrors', expected: 0, actual: failing.length, timeout };
  },

  async toHaveAguiFinding(agui: AguiInspector, finding: FindingQuery, options: WebFirstOptions = {}) {
    const inner = internalsOf(agui, 'toHaveAguiFinding');
    const timeout = options.timeout ?? this.timeout;
    const found = () => inner.findingsNow().filter((f) => matchesFinding(f, finding));
    const look = await lookUntil(inner, options.idleMs ?? DEFAULT_IDLE_MS, Date.now() + timeout, (l) => {
      // A present finding decides both ways; `.not` passes once quiet without it.
      return found().length > 0 || (l.quiet && this.isNot);
    });
    const matching = found();
    const pass = matching.length > 0;
    const wanted = describeQuery(finding);
    const seen = [...new Set(inner.findingsNow().map((f) => f.rule))];
    const message = pass
      ? () =>
          `expected no AG-UI finding ${wanted}, found ${matching.length}:\n${matching.map(describeFinding).join('\n')}`
      : () =>
          `expected the AG-UI finding ${wanted} within ${timeout} ms; the findings were: ${seen.length > 0 ? seen.join(', ') : 'none'}${stillOpen(look.open, timeout)}`;
    return { pass, message, name: 'toHaveAguiFinding', expected: wanted, actual: seen, timeout };
  },
});
