// Tool results: TOOL_CALL_RESULT against the call it answers, the history, and the
// message ids already in use; result text is untrusted data.
import { atWith, type EventCheck } from './check-types.js';
import { protocolLikeSigns } from './content-heuristics.js';
import { checkAnsweredByProducer } from './frontend-tools.js';
import { callFor, isOpen } from './calls.js';
import { str, tagOf } from './payload.js';

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
