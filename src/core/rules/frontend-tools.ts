// Frontend tools within the run that called them: the producer must leave them
// unanswered, finish with success, and say which calls now wait for the application.
import { atWith, type EventCheck } from './check-types.js';
import type { At } from './out.js';
import { arr, asRec, list, str } from './payload.js';
import { middlewareTool } from '../labels/middleware-tools.js';
import { callFor, callsOfRun, firstName, firstStart, isOpen, lastEnd, type Call } from './calls.js';

export function isFrontend(c: EventCheck, call: Call): boolean {
  return c.input?.tools.has(firstName(call)) ?? false;
}

export function checkAnsweredByProducer(c: EventCheck, call: Call, at: At): void {
  if (!isFrontend(c, call)) return;
  c.out.add(
    'frontend-tool/answered-by-producer',
    `The producer answered frontend call '${call.toolCallId}' (${firstName(call)}, advertised by the input) with TOOL_CALL_RESULT; the result is the application's to produce.`,
    at,
  );
}

/** Results the call got before event `index` (the reducer already holds this event's). */
function resultsBefore(call: Call, index: number): number {
  let n = 0;
  for (const r of call.results) if (r.event !== index) n++;
  return n;
}

/**
 * MESSAGES_SNAPSHOT: a tool message for a pending frontend call — one this run made and
 * left unanswered, or one the input history still leaves unanswered.
 */
export function checkSnapshotFabricated(c: EventCheck): void {
  const { run, input } = c;
  for (const m of arr(c.p, 'messages') ?? []) {
    const msg = asRec(m);
    if (str(msg, 'role') !== 'tool') continue;
    const id = str(msg, 'toolCallId') ?? '';
    if (run.fabricatedReported.has(id)) continue;
    const call = callFor(c, id);
    const history = input?.calls.get(id);
    let what: string | undefined;
    let events = c.at.events;
    if (call) {
      if (resultsBefore(call, c.event.raw.index) === 0 && isFrontend(c, call))
        what = `frontend call '${id}' (${firstName(call)}) made in this run`;
      events = [...events, firstStart(call)];
    } else if (history?.name !== undefined && input?.tools.has(history.name) && !input.answers.has(id)) {
      what = `frontend call '${id}' (${history.name}) from the history, still unanswered in the input`;
    }
    if (what === undefined) continue;
    run.fabricatedReported.add(id);
    c.out.add(
      'frontend-tool/fabricated-message',
      `MESSAGES_SNAPSHOT holds tool message '${str(msg, 'id') ?? '?'}' answering ${what}; only the application may answer it.`,
      atWith(c.at, { toolCallId: id, messageId: str(msg, 'id'), events }),
    );
  }
}

/** The first event where the agent produced something after the call closed (a message or another call). */
function wentOnAfter(c: EventCheck, call: Call): number | undefined {
  const end = lastEnd(call);
  const model = c.ctx.run(c.run.runKey);
  if (end === undefined || model === undefined) return undefined;
  let first: number | undefined;
  for (const m of model.messages)
    if (m.startEvent > end && (first === undefined || m.startEvent < first)) first = m.startEvent;
  for (const other of model.toolCalls) {
    const start = firstStart(other);
    if (start > end && (first === undefined || start < first)) first = start;
  }
  return first;
}

export function frontendAtRunFinished(c: EventCheck): void {
  const { run, out, input } = c;
  const calls = callsOfRun(c.ctx, run.runKey);
  const unanswered = calls.filter((call) => call.results.length === 0);
  const outcome = asRec(c.p['outcome']);
  const type = str(outcome, 'type') ?? 'success';
  if (input) {
    const pending = unanswered.filter((call) => !isOpen(call) && isFrontend(c, call));
    const ids = list(pending.map((call) => call.toolCallId));
    if (pending.length > 0 && type === 'interrupt') {
      out.add(
        'frontend-tool/not-success',
        `The run leaves frontend call(s) ${ids} pending but finishes with an interrupt outcome; it should finish with success and let the next request answer them.`,
        c.at,
      );
    }
    if (pending.length > 0) {
      out.add(
        'frontend-tool/pending',
        `${pending.length} frontend call(s) now await the application: ${pending.map((call) => `'${call.toolCallId}' (${firstName(call)})`).join(', ')}. The next request on this thread must answer each.`,
        atWith(c.at, { toolCallId: pending[0]?.toolCallId, events: [...c.at.events, ...pending.map(firstStart)] }),
      );
    }
    for (const call of unanswered) {
      const name = firstName(call);
      // A tool message in the run's MESSAGES_SNAPSHOT is the answer as much as a TOOL_CALL_RESULT;
      // a tool a known middleware injects is expected unadvertised (src/core/labels/middleware-tools.ts).
      if (input.tools.has(name) || run.snapshotAnswers.has(call.toolCallId) || middlewareTool(name)) continue;
      const after = isOpen(call) ? undefined : wentOnAfter(c, call);
      const where = atWith(c.at, { toolCallId: call.toolCallId, events: [firstStart(call), ...c.at.events] });
      if (after !== undefined) {
        out.add(
          'tool-call/backend-no-result',
          `Backend call '${call.toolCallId}' (${name}) ran: it closed and the agent went on after it (event #${after}), but no result arrived by the run's end (no TOOL_CALL_RESULT, no tool message in a MESSAGES_SNAPSHOT). The application never learns what the tool did or why it failed, and the next request's history holds a call with no answer.`,
          where,
        );
        continue;
      }
      out.add(
        'tool-call/unadvertised',
        `Call '${call.toolCallId}' names tool '${name}', which the input did not advertise, and no result arrived in the run (no TOOL_CALL_RESULT, no tool message in a MESSAGES_SNAPSHOT): the application must decide whether to run an unknown tool.`,
        where,
      );
    }
  }
  const listed = arr(outcome, 'pendingToolCallIds');
  if (listed === undefined || type !== 'success') return;
  const named = new Set(listed.filter((v): v is string => typeof v === 'string'));
  const missing = unanswered.filter((call) => !named.has(call.toolCallId)).map((call) => call.toolCallId);
  const extra = [...named].filter((id) => !unanswered.some((call) => call.toolCallId === id));
  if (missing.length === 0 && extra.length === 0) return;
  const parts: string[] = [];
  if (missing.length > 0) parts.push(`unanswered but not listed: ${list(missing)}`);
  if (extra.length > 0)
    parts.push(
      `listed but ${extra.map((id) => (calls.some((call) => call.toolCallId === id) ? `'${id}' got a result` : `'${id}' was not started in this run`)).join(', ')}`,
    );
  const fallback =
    named.size === 0
      ? ' An empty list makes the 1.0 client derive its own (every unanswered call).'
      : ' The 1.0 client trusts a non-empty list.';
  out.add(
    'frontend-tool/pending-list-mismatch',
    `outcome.pendingToolCallIds disagrees with the calls left unanswered (${parts.join('; ')}). The list names every unanswered call, backend calls included.${fallback}`,
    c.at,
  );
}
