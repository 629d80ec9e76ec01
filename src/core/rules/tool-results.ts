// Tool results: TOOL_CALL_RESULT against the call it answers, the history, and the
// message ids already in use; result text is untrusted data.
import { ruleFamily } from './rule-family.js';
import { ARGS_BEFORE_END_TEXT } from './spec-quotes.js';
import { atWith, type EventCheck } from './check-types.js';
import { protocolLikeSigns } from './content-heuristics.js';
import { checkAnsweredByProducer } from './frontend-tools.js';
import { callFor, isOpen } from './calls.js';
import { str, tagOf } from './payload.js';

const RESULT = 'Tools › Events (TOOL_CALL_RESULT)';

export const TOOL_RESULTS_RULES = ruleFamily({ severity: 'warning', fatal: false, client: 'no', needs: 'input' }, [
  {
    id: 'tool-result/unknown-call',
    severity: 'notice',
    specRef: `${RESULT}; AG-UI docs › Interrupts`,
    specText:
      'Carries the result of a call. (AG-UI docs › Interrupts: a resumed run emits TOOL_CALL_RESULT against the original toolCallId without re-emitting START/ARGS/END, so a result for a call not started in this run is normal there.)',
    explain: 'Check the toolCallId: no call with it was streamed in this run or appears in the input history.',
  },
  {
    id: 'tool-result/before-end',
    needs: 'stream',
    specRef: 'Tools › Events (TOOL_CALL_ARGS, TOOL_CALL_RESULT)',
    specText: ARGS_BEFORE_END_TEXT,
    explain:
      'Send TOOL_CALL_END before the result: a tool executed on a prefix of its arguments ran on incomplete input.',
  },
  {
    id: 'tool-result/duplicate',
    specRef: RESULT,
    specText:
      'Carries the result of a call. It is a message in its own right — a tool message with its own messageId — and does not reopen the call it answers.',
    explain: 'Send one result per call; a second one adds a second tool message to the conversation.',
  },
  {
    id: 'tool-result/message-id-collision',
    specRef: RESULT,
    specText: 'It is a message in its own right — a tool message with its own messageId.',
    explain: 'Mint a fresh messageId for every tool result; reusing one makes consumers overwrite or merge messages.',
  },
  {
    id: 'tool-result/protocol-like-content',
    severity: 'notice',
    needs: 'stream',
    specRef: 'Tools › Security Considerations',
    specText:
      'Tool results are data from wherever the tool got them. A consumer MUST NOT treat text inside a result as protocol material or as instructions carrying the user’s authority.',
    explain:
      'Untrusted data: the inspector shows it as text. Make sure your app and model never treat result text as events or as the user’s instructions.',
  },
]);

export function onToolResult(c: EventCheck): void {
  const id = str(c.p, 'toolCallId');
  if (id === undefined) return;
  const { run, out, input } = c;
  const messageId = str(c.p, 'messageId');
  const at = atWith(c.at, { toolCallId: id, messageId });
  const call = callFor(c, id);
  const index = c.event.raw.index;
  // What arrived before this result: the reducer already holds this one.
  const earlier = (
    call ? call.results : (c.ctx.runAfter?.unmatchedResults ?? []).filter((r) => r.toolCallId === id)
  ).filter((r) => r.event !== index);
  if (call && isOpen(call)) {
    out.add(
      'tool-result/before-end',
      `TOOL_CALL_RESULT for '${id}' while the call is still open (no TOOL_CALL_END yet): its arguments were a prefix when the tool ran.`,
      at,
    );
  }
  if (!call && input && !input.calls.has(id) && !run.owners.toolCall.has(id)) {
    out.add(
      'tool-result/unknown-call',
      `TOOL_CALL_RESULT for '${id}', a call neither streamed in this run nor present in the input history or a snapshot.`,
      at,
    );
  }
  const first = earlier[0];
  if (first) {
    out.add(
      'tool-result/duplicate',
      `A second TOOL_CALL_RESULT for '${id}' (the first was event #${first.event}${first.messageId !== '' ? `, message '${first.messageId}'` : ''}).`,
      atWith(at, { events: [...at.events, first.event] }),
    );
  } else if (input?.answers.has(id)) {
    const answer = input.answers.get(id)?.[0];
    out.add(
      'tool-result/duplicate',
      `TOOL_CALL_RESULT for '${id}', which the input already answered (tool message '${answer?.messageId ?? '?'}').`,
      at,
    );
  }
  if (messageId !== undefined) {
    const used =
      run.messageIds.get(messageId) ??
      (input?.messageIds.has(messageId)
        ? `an input ${input.messageIds.get(messageId) || 'message'} message`
        : undefined);
    if (used !== undefined && used !== `the result of '${id}'`) {
      out.add(
        'tool-result/message-id-collision',
        `TOOL_CALL_RESULT for '${id}' uses messageId '${messageId}', already used by ${used}.`,
        at,
      );
    }
    run.messageIds.set(messageId, `the result of '${id}'`);
    // As the 1.0 client does: the result's tool message is owned by the result's tag.
    run.owners.message.set(messageId, tagOf(c.p));
  }
  const signs = protocolLikeSigns(c.p['content']);
  if (signs.length > 0) {
    out.add(
      'tool-result/protocol-like-content',
      `Result of '${id}' contains ${signs.join(', ')}. It is untrusted data from the tool, shown as text; nothing may treat it as events or as instructions.`,
      at,
    );
  }
  if (call) checkAnsweredByProducer(c, call, at);
}
