// Frontend tools across the run boundary: the next request on the thread must answer
// every call the previous run left pending, in order, as tool messages.
import type { RunModel, ToolCallModel } from '../model/types.js';
import { indexInput, type InputIndex } from './input-index.js';
import type { Out } from './out.js';

/** Frontend means advertised by the run's input; the model's flag when we lack the input. */
function isFrontend(call: ToolCallModel, prev: InputIndex | undefined): boolean {
  return prev ? prev.tools.has(call.name) || call.names.some((n) => prev.tools.has(n)) : call.frontend;
}

export function checkNext(previous: RunModel, next: RunModel, out: Out): void {
  if (!next.input || previous.status !== 'finished') return;
  const nextIndex = indexInput(next.input);
  const prevIndex = previous.input ? indexInput(previous.input) : undefined;
  const calls = previous.toolCalls.filter((call) => call.results.length === 0 && call.segments.length > 0);
  for (const call of calls) {
    const start = call.segments[0]?.startEvent ?? previous.firstEvent;
    const where = {
      streamId: previous.streamId,
      runId: previous.runId,
      threadId: previous.threadId,
      events: [start],
      t: next.startedAt,
      toolCallId: call.toolCallId,
    };
    const answers = nextIndex.answers.get(call.toolCallId) ?? [];
    const answer = answers[0];
    const label = `'${call.toolCallId}' (${call.name})`;
    if (isFrontend(call, prevIndex)) {
      if (!answer) {
        out.add(
          'frontend-tool/unanswered-on-continue',
          `The next request on thread '${next.threadId}' (run '${next.runId}') has no tool message for pending frontend call ${label}.`,
          where,
        );
        continue;
      }
      const carrier = nextIndex.calls.get(call.toolCallId);
      const newerUser = carrier
        ? nextIndex.userIndexes.find((u) => u > carrier.messageIndex && u < answer.index)
        : undefined;
      if (!carrier) {
        out.add(
          'frontend-tool/answer-out-of-order',
          `The answer to ${label} (message #${answer.index}) in run '${next.runId}' has no assistant message carrying the call before it.`,
          { ...where, messageId: answer.messageId },
        );
      } else if (answer.index < carrier.messageIndex) {
        out.add(
          'frontend-tool/answer-out-of-order',
          `The answer to ${label} (message #${answer.index}) comes before the assistant message carrying the call (#${carrier.messageIndex}) in run '${next.runId}'.`,
          { ...where, messageId: answer.messageId },
        );
      } else if (newerUser !== undefined) {
        out.add(
          'frontend-tool/answer-out-of-order',
          `The answer to ${label} (message #${answer.index}) comes after a newer user message (#${newerUser}) in run '${next.runId}'.`,
          { ...where, messageId: answer.messageId },
        );
      }
      if (answer.error !== undefined) {
        out.add(
          'frontend-tool/answered-with-error',
          `The application answered ${label} with an error: ${JSON.stringify(answer.error.slice(0, 200))}.`,
          { ...where, messageId: answer.messageId },
        );
      }
    } else if (answer && prevIndex) {
      out.add(
        'frontend-tool/unadvertised-executed',
        `The next request (run '${next.runId}') answers ${label}, a tool the input never advertised: the application ran or declined an unknown tool.`,
        { ...where, messageId: answer.messageId },
      );
    }
  }
}
