// The facade must never throw on bad input: a failure in any part (decoder, expander,
// rule, reducer) becomes a finding on the stream and processing goes on.
import type { Finding } from './findings.js';
import type { Keyed } from './keyed.js';

export const INTERNAL_RULE = 'inspector/internal-error';

export function internalFinding(
  streamId: string,
  where: string,
  error: unknown,
  t: number,
  events: readonly number[] = [],
): Finding {
  const message = error instanceof Error ? error.message : String(error);
  // Every key, in the order the rule engine's findings have them: one shape for all findings.
  const finding: Keyed<Finding> = {
    rule: INTERNAL_RULE,
    severity: 'warning',
    message: `the inspector failed in ${where}: ${message}. The rest of the stream is still processed; please report this.`,
    streamId,
    threadId: undefined,
    runId: undefined,
    // A copy: callers may pass a list they reuse.
    events: [...events],
    toolCallId: undefined,
    messageId: undefined,
    t,
  };
  return finding;
}
