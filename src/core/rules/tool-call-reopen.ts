// Tool calls: reopening a closed call, and restreaming one the consumer already has.
import type { EventCheck } from './check-types.js';
import type { At } from './out.js';
import { q } from './payload.js';
import { firstName, firstStart, type Call } from './calls.js';
import { repeatOf, runMention } from '../labels/run-label.js';

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
