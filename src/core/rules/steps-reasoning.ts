// Extra rules (new ids): the rest of what the reference verifyEvents enforces — steps,
// reasoning spans and messages, subagent lifecycles — so "the client throws here" is
// visible for every stream the client rejects, not only for tool calls.
import { atWith, type EventCheck } from './check-types.js';
import type { At, Out } from './out.js';
import { list, ownerName, str, tagOf } from './payload.js';
import type { RunState } from './state.js';
import { checkOwner } from './text-messages.js';

function stepsOf(run: RunState, owner: string | undefined): Set<string> {
  let set = run.steps.get(owner);
  if (!set) run.steps.set(owner, (set = new Set()));
  return set;
}

export function onStep(c: EventCheck): void {
  const name = str(c.p, 'stepName');
  if (name === undefined) return;
  const owner = tagOf(c.p);
  const mine = stepsOf(c.run, owner);
  if (c.event.type === 'STEP_STARTED') {
    if (mine.has(name))
      c.out.add(
        'step/start-while-active',
        `STEP_STARTED "${name}" while that step is already active for ${ownerName(owner)}.`,
        c.at,
      );
    mine.add(name);
    return;
  }
  if (mine.delete(name)) return;
  const other = [...c.run.steps].find(([o, names]) => o !== owner && names.has(name));
  const why = other
    ? `it is open under ${ownerName(other[0])}, and a step must be finished by whoever started it`
    : 'it was not started';
  c.out.add('step/finish-not-started', `STEP_FINISHED "${name}" from ${ownerName(owner)}: ${why}.`, c.at);
}

export function onReasoning(c: EventCheck): void {
  const type = c.event.type;
  const { run, out } = c;
  if (type === 'REASONING_ENCRYPTED_VALUE') {
    const id = str(c.p, 'entityId');
    if (id === undefined) return;
    const subtype = str(c.p, 'subtype');
    const kind =
      subtype === 'tool-call'
        ? 'toolCall'
        : subtype === 'message' && run.owners.message.has(id)
          ? 'message'
          : 'reasoning';
    checkOwner(c, kind, subtype ?? 'reasoning message', id, c.at);
    return;
  }
  const id = str(c.p, 'messageId');
  if (id === undefined) return;
  const at = atWith(c.at, { messageId: id });
  const span = type === 'REASONING_START' || type === 'REASONING_END';
  const open = span ? run.reasoningSpans : run.reasoningMessages;
  const what = span ? 'reasoning span' : 'reasoning message';
  if (type === 'REASONING_START' || type === 'REASONING_MESSAGE_START') {
    if (open.has(id)) out.add('reasoning/start-while-open', `${type} for ${what} '${id}', which is still open.`, at);
    checkOwner(c, 'reasoning', what, id, at);
    if (!run.owners.reasoning.has(id)) run.owners.reasoning.set(id, tagOf(c.p));
    open.add(id);
    if (!run.messageIds.has(id) && !span) run.messageIds.set(id, `reasoning message '${id}'`);
    return;
  }
  if (!open.has(id)) {
    out.add('reasoning/not-open', `${type} for ${what} '${id}', which is not open.`, at);
    return;
  }
  checkOwner(c, 'reasoning', what, id, at);
  if (type !== 'REASONING_MESSAGE_CONTENT') open.delete(id);
}

export function onActivity(c: EventCheck): void {
  const id = str(c.p, 'messageId');
  if (id === undefined) return;
  if (c.event.type === 'ACTIVITY_DELTA')
    return checkOwner(c, 'activity', 'activity', id, atWith(c.at, { messageId: id }));
  if (!c.run.owners.activity.has(id) || c.p['replace'] !== false) c.run.owners.activity.set(id, tagOf(c.p));
}

export function onSubagent(c: EventCheck): void {
  const id = str(c.p, 'subagentRunId');
  if (id === undefined) return;
  const { run, out } = c;
  if (c.event.type === 'SUBAGENT_STARTED') {
    const parent = str(c.p, 'parentSubagentRunId');
    if (run.subagentsActive.has(id))
      out.add('subagent/start-invalid', `SUBAGENT_STARTED for '${id}', which is already active.`, c.at);
    else if (run.subagentsClosed.has(id))
      out.add(
        'subagent/start-invalid',
        `SUBAGENT_STARTED for '${id}', which already finished in this run: ids are per invocation.`,
        c.at,
      );
    else if (parent !== undefined && !run.subagentsActive.has(parent) && !run.subagentsClosed.has(parent)) {
      out.add(
        'subagent/start-invalid',
        `SUBAGENT_STARTED for '${id}' names parentSubagentRunId '${parent}', which was not started in this run.`,
        c.at,
      );
    }
    run.subagentsActive.add(id);
    return;
  }
  if (!run.subagentsActive.delete(id))
    out.add('subagent/not-active', `${c.event.type} for '${id}', which is not an active subagent in this run.`, c.at);
  run.subagentsClosed.add(id);
}

/** RUN_FINISHED: what the client checks besides text and tool calls, in its order. */
export function extrasOpenAtRunEnd(run: RunState, at: At, out: Out, part: 'steps' | 'reasoning' | 'subagents'): void {
  if (part === 'steps') {
    const open = [...run.steps].flatMap(([owner, names]) =>
      [...names].map((n) => (owner === undefined ? `"${n}"` : `"${n}" (subagent '${owner}')`)),
    );
    if (open.length > 0)
      out.add('step/open-at-run-end', `RUN_FINISHED while step(s) ${open.join(', ')} are still active.`, at);
  } else if (part === 'reasoning') {
    if (run.reasoningMessages.size > 0)
      out.add(
        'reasoning/open-at-run-end',
        `RUN_FINISHED while reasoning message(s) ${list([...run.reasoningMessages])} are still open.`,
        at,
      );
    if (run.reasoningSpans.size > 0)
      out.add(
        'reasoning/open-at-run-end',
        `RUN_FINISHED while reasoning span(s) ${list([...run.reasoningSpans])} are still open.`,
        at,
      );
  } else if (run.subagentsActive.size > 0) {
    out.add(
      'subagent/open-at-run-end',
      `RUN_FINISHED while subagent(s) ${list([...run.subagentsActive])} are still active.`,
      at,
    );
  }
}
