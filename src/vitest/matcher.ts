// `expect(received).toBeValidAgui(options)`: the stream judged by the rules lint and the
// Playwright fixture use, under the same policy (rules, failOn, profile, allow, over the
// project's agui-inspector.config.json). For Vitest's and Jest's `expect.extend`: it imports
// neither, and answers synchronously unless handed a Response, whose body it must await.
import { feedCaptures } from '../core/io/feed.js';
import type { LoadResult } from '../core/io/types.js';
import type { Finding } from '../core/findings.js';
import { createInspector } from '../core/pipeline/create-inspector.js';
import { loadFixtureConfigSync } from '../playwright/config.js';
import { describeFinding } from '../playwright/describe.js';
import { failingFindings, type AguiPolicy } from '../playwright/judge.js';
import { policyOf } from '../playwright/settings.js';
import { isResponseLike, loadReceived, loadResponse } from './received.js';

export interface ValidAguiOptions extends AguiPolicy {
  /**
   * Pass runs whose body ended without RUN_FINISHED or RUN_ERROR (`run/truncated`). Default
   * false, as `toHaveNoAguiErrors`: @ag-ui/client resolves such a run as if it had succeeded.
   */
  readonly allowNoTerminal?: boolean;
  /**
   * The agui-inspector.config.json to lay these options over: a path (relative to the
   * working directory), or false for none. Default: the nearest one from the working
   * directory upward, as lint, probe and the Playwright fixture find it.
   */
  readonly config?: string | false;
}

/** What Vitest's and Jest's `expect.extend` want back. */
export interface AguiMatcherResult {
  readonly pass: boolean;
  readonly message: () => string;
  readonly actual?: unknown;
  readonly expected?: unknown;
}

/** The part of either runner's matcher context this matcher reads. */
export interface AguiMatcherContext {
  readonly isNot?: boolean;
}

const NAME = 'toBeValidAgui';

function policyFor(options: ValidAguiOptions): AguiPolicy {
  const base = loadFixtureConfigSync(options.config, process.cwd()).policy;
  const asked = policyOf(options, NAME, base);
  return options.allowNoTerminal === true
    ? asked
    : { ...asked, rules: { 'run/truncated': 'error' as const, ...asked.rules } };
}

function judge(loaded: LoadResult, policy: AguiPolicy): AguiMatcherResult {
  const what = policy.failOn === undefined || policy.failOn === 'error' ? 'error findings' : 'failing findings';
  if (!loaded.ok)
    return {
      pass: false,
      message: () => `expected a valid AG-UI stream, but it could not be read: ${loaded.error}`,
    };
  const inspector = createInspector();
  feedCaptures(inspector, loaded.captures);
  const findings: readonly Finding[] = inspector.model.findings;
  const failing = failingFindings(findings, policy);
  const runs = inspector.model.runs.length;
  const pass = failing.length === 0;
  const message = pass
    ? () => `expected AG-UI ${what}, found none in ${runs} run(s)`
    : () =>
        `expected a valid AG-UI stream, found ${failing.length} ${what} in ${runs} run(s):\n${failing.map(describeFinding).join('\n')}`;
  return { pass, message, actual: failing.map((f) => f.rule), expected: [] };
}

/**
 * Passes when the events, body or Response hold AG-UI runs with no failing findings. A
 * Response makes the result a Promise: `await expect(response).toBeValidAgui()`.
 */
export function toBeValidAgui(
  this: AguiMatcherContext | undefined,
  received: unknown,
  options: ValidAguiOptions = {},
): AguiMatcherResult | Promise<AguiMatcherResult> {
  const policy = policyFor(options);
  if (isResponseLike(received)) return loadResponse(received).then((loaded) => judge(loaded, policy));
  return judge(loadReceived(received), policy);
}

/** For `expect.extend(aguiMatchers)` (Vitest or Jest). */
export const aguiMatchers = { toBeValidAgui } as const;
