// Tool calls: reopening a closed call, and restreaming one the consumer already has.
import { ruleFamily } from './rule-family.js';
import type { EventCheck } from './check-types.js';
import type { At } from './out.js';
import { q } from './payload.js';
import { firstName, firstStart, type Call } from './calls.js';
import { repeatOf, runMention } from '../labels/run-label.js';

const REOPEN_TEXT =
  'A reopening start MUST agree with the call it reopens — the same toolCallName, the same parentMessageId, the same owner. A consumer is not required to detect a disagreement, and unlike a reopened text message, the protocol makes no promise about which of the two values a consumer that missed the violation ends up holding.';

export const TOOL_CALL_REOPEN_RULES = ruleFamily(
  { severity: 'error', fatal: false, client: 'no', needs: 'stream', specRef: 'Tools › Events (TOOL_CALL_END: reopen)' },
  [
    {
      id: 'tool-call/reopened',
      severity: 'notice',
      specText:
        'A closed call, like a closed message, MAY be reopened by a new TOOL_CALL_START with the same toolCallId, and further arguments append.',
      explain:
        'Legal: later ARGS append to the text the call already has. If you meant a new call, use a new toolCallId.',
    },
    {
      id: 'tool-call/reopen-name-mismatch',
      specText: REOPEN_TEXT,
      explain: 'Reopen with the same toolCallName, or use a new toolCallId for a different tool.',
    },
    {
      id: 'tool-call/reopen-parent-mismatch',
      specText: REOPEN_TEXT,
      explain: 'Send the same parentMessageId on every START of a call (or omit it on all of them).',
    },
    {
      id: 'tool-call/reopen-owner-mismatch',
      fatal: true,
      client: '1.0',
      specText: REOPEN_TEXT,
      explain: 'Reopen the call under the subagentRunId that opened it.',
    },
    {
      id: 'tool-call/restreamed-history',
      severity: 'warning',
      needs: 'input',
      specRef: 'Tools › Events; AG-UI draft › Streaming (reopen); @ag-ui/client reducer',
      specText:
        'A closed call … MAY be reopened by a new TOOL_CALL_START with the same toolCallId, and further arguments append. (AG-UI draft › Streaming: re-streaming material the consumer already has appends; history restatement MUST use snapshots — "streaming triads are for new material only".)',
      explain:
        'Do not re-stream calls the client already has; restate history with MESSAGES_SNAPSHOT, or give a genuinely new call a new toolCallId.',
    },
  ],
);

/** A START the reducer took as a reopen of `call` (its segments already include this one). */
export function checkReopen(c: EventCheck, call: Call, name: string, parent: string | undefined, at: At): void {
  const { out } = c;
  const id = call.toolCallId;
  const opened = firstName(call);
  const closedAt = call.segments[call.segments.length - 2]?.endEvent;
  out.add(
    'tool-call/reopened',
    `TOOL_CALL_START reopens '${id}' (opened at event #${firstStart(call)}, closed at #${closedAt ?? '?'}); further ARGS append to the ${call.args.length} characters of arguments it has.`,
    at,
  );
  if (name !== opened) {
    out.add(
      'tool-call/reopen-name-mismatch',
      `Reopening START for '${id}' names tool ${q(name)}, but the call was opened as ${q(opened)}. Which name a consumer keeps is unspecified (the reference reducer keeps the last).`,
      at,
    );
  }
  if (parent !== call.parentMessageId) {
    out.add(
      'tool-call/reopen-parent-mismatch',
      `Reopening START for '${id}' carries parentMessageId ${q(parent)}, but the call was opened with ${q(call.parentMessageId)}. Present vs absent counts as a disagreement.`,
      at,
    );
  }
}

export function checkRestreamed(c: EventCheck, id: string, at: At): void {
  const history = c.input?.calls.get(id);
  if (history) {
    c.out.add(
      'tool-call/restreamed-history',
      `TOOL_CALL_START for '${id}', a call already in the input history (assistant message '${history.messageId ?? '?'}', tool ${q(history.name)}). Consumers append: its arguments become the old text plus the new (a re-streamed {} becomes {}{}).`,
      at,
    );
    return;
  }
  const earlier = c.threadCalls.get(id);
  if (earlier !== undefined && earlier !== c.run.runKey) {
    c.out.add(
      'tool-call/restreamed-history',
      `TOOL_CALL_START for '${id}', a call an earlier run on this thread already streamed (${earlierRunName(c, earlier)}). Consumers append: its arguments become the old text plus the new (a re-streamed {} becomes {}{}).`,
      at,
    );
  }
}

/** The earlier run as a reader knows it (its id, indexed where ids repeat), never its key. */
function earlierRunName(c: EventCheck, key: string): string {
  const run = c.ctx.run(key);
  if (!run) return 'an earlier run';
  return runMention(run, { repeat: repeatOf(c.ctx.after.runs, run) });
}
