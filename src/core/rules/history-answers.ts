// A run request whose message history holds an assistant tool call that no tool message
// answers: model providers reject such a history, so the run tends to fail before the agent
// says a word. Judged once per run, on the input as the request sent it.
import type { InputIndex } from './input-index.js';
import type { At, Out } from './out.js';
import { arr, asRec } from './payload.js';

/**
 * `earlier`: call ids streamed by earlier captured runs of the thread, which the cross-run
 * rules judge already (frontend-tool/unanswered-on-continue names the run that left them).
 */
export function checkHistoryAnswers(
  input: InputIndex,
  raw: unknown,
  earlier: ReadonlyMap<string, string>,
  at: At,
  out: Out,
): void {
  // A resumed run answers its interrupt through `resume` and emits the call's result itself
  // (AG-UI docs › Interrupts): its history legitimately holds the call unanswered.
  if ((arr(asRec(raw), 'resume') ?? []).length > 0) return;
  const dangling: string[] = [];
  let first: string | undefined;
  for (const [id, call] of input.calls) {
    if (input.answers.has(id) || earlier.has(id)) continue;
    first ??= id;
    const carrier = call.messageId !== undefined ? `assistant message '${call.messageId}'` : 'an assistant message';
    dangling.push(`'${id}' (${call.name ?? 'no name'}, in ${carrier}, #${call.messageIndex})`);
  }
  if (first === undefined) return;
  out.add(
    'tool-call/history-unanswered',
    `The request's message history holds ${dangling.length === 1 ? 'a tool call' : `${dangling.length} tool calls`} that no tool message answers: ${dangling.join(', ')}. Model providers reject a history where an assistant tool call is not followed by a tool message with its toolCallId, so this run is likely to fail; add the answer (a failure or a refusal is still one) or drop the call.`,
    { ...at, toolCallId: first },
  );
}
