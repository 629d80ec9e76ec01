// The rules read tool calls from the reducer's model: one place per fact. The engine runs
// after the reducer applied the event, so "was the call open before this event" is read
// from what the reducer did with it (a START it took opened a segment here, an END it
// took closed one here); these helpers say it once.
import type { ToolCallModel } from '../model/types.js';
import type { EventCheck } from './check-types.js';

export type Call = ToolCallModel;

/** The name the first START established (a reopen must agree). */
export function firstName(call: Call): string {
  return call.names[0] ?? call.name;
}

/** The call has a segment that no END closed yet (also after its run was settled). */
export function isOpen(call: Call): boolean {
  const last = call.segments[call.segments.length - 1];
  return last !== undefined && last.endEvent === undefined;
}

export function firstStart(call: Call): number {
  return call.segments[0]?.startEvent ?? -1;
}

export function lastStart(call: Call): number {
  return call.segments[call.segments.length - 1]?.startEvent ?? -1;
}

/** The END that closed the call's latest segment, if closed. */
export function lastEnd(call: Call): number | undefined {
  return call.segments[call.segments.length - 1]?.endEvent;
}

/**
 * The call `id` as the store has it for this event: in the run the reducer put the event
 * in, else (events after RUN_FINISHED go to a new implicit run) in the run the rules
 * still attribute the event to.
 */
export function callFor(c: EventCheck, id: string): Call | undefined {
  const here = c.ctx.runAfter?.key;
  const found = here === undefined ? undefined : c.ctx.call(here, id);
  if (found !== undefined || here === c.run.runKey) return found;
  return c.ctx.call(c.run.runKey, id);
}

/** The calls of the run the rules judge, in the order they were first started. */
export function callsOfRun(ctx: EventCheck['ctx'], runKey: string): readonly Call[] {
  return ctx.run(runKey)?.toolCalls ?? [];
}
