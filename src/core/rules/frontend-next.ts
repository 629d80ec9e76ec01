// Frontend tools across the run boundary: the next request on the thread must answer
// every call the previous run left pending, in order, as tool messages.
import { ruleFamily } from './rule-family.js';
import type { RunModel, ToolCallModel } from '../model/types.js';
import { indexInput, type InputIndex } from './input-index.js';
import type { Out } from './out.js';

const CONTINUE =
  'A thread that continues MUST answer every one of them first: the next run’s messages carry a tool message per call, keyed by toolCallId — a failure is still an answer, as a tool message with error set, and a call the user declined is answered by saying so.';

export const FRONTEND_NEXT_RULES = ruleFamily(
  { fatal: false, client: 'no', needs: 'next', specRef: 'Tools › Frontend tools (round trip)' },
  [
    {
      id: 'frontend-tool/unanswered-on-continue',
      severity: 'error',
      specText: CONTINUE,
      explain:
        'Before continuing the thread, add a tool message for every pending frontend call (with error set, or a refusal, if it failed or was declined).',
    },
    {
      id: 'frontend-tool/answer-out-of-order',
      severity: 'warning',
      specText: `${CONTINUE} An unanswered call leaves the agent mid-thought, and a history with a dangling call is one many models reject outright.`,
      explain:
        'Place each tool message right after the assistant message carrying the call, before any newer user message.',
    },
    {
      id: 'frontend-tool/answered-with-error',
      severity: 'notice',
      specText: 'A failure is still an answer, as a tool message with error set.',
      explain: 'Informational: the application answered this call with a failure.',
    },
    {
      id: 'frontend-tool/unadvertised-executed',
      severity: 'warning',
      specRef: 'Tools › Security Considerations',
      specText:
        'A call naming a tool that was not advertised SHOULD NOT be executed without the same scrutiny a new tool would get.',
      explain:
        'Make sure the application vetted this unadvertised tool before running it (or declined it) — or advertise it.',
    },
  ],
);

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
