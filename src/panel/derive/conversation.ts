// The conversation of each thread as the client holds it after each run: what the
// run's request added (new input messages; tool answers to earlier calls), then what the
// run streamed (text, reasoning, tool calls with their final arguments, tool results),
// in stream order. Built from the model's records only (no event is decoded), so its cost
// follows runs and messages, not events.
import type { ActivityModel, RunModel, SessionModel, ToolCallModel } from '../../core/model/types.js';
import { asRecord, str } from '../core-deps.js';

export type ConversationItem =
  | { readonly kind: 'input'; readonly role: string; readonly id?: string; readonly text: string }
  | {
      readonly kind: 'text';
      readonly role: string;
      readonly id: string;
      readonly text: string;
      readonly reasoning: boolean;
      readonly open: boolean;
    }
  | { readonly kind: 'call'; readonly call: ToolCallModel }
  | { readonly kind: 'result'; readonly call: ToolCallModel; readonly content: unknown }
  /** A `role: "activity"` message as the client holds it at the end of the run. */
  | { readonly kind: 'activity'; readonly activity: ActivityModel }
  | {
      readonly kind: 'answer';
      readonly call: ToolCallModel;
      readonly callRun: RunModel;
      readonly content: unknown;
      readonly error?: string;
    };

export interface ConversationRun {
  readonly run: RunModel;
  readonly items: readonly ConversationItem[];
}

export interface ConversationThread {
  readonly threadId: string;
  readonly runs: readonly ConversationRun[];
  /** Runs the thread has (more than `runs` when the build stopped at its limit). */
  readonly runCount: number;
}

/** Untrusted content (string or parts) as one line of text. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((p: unknown) =>
        typeof p === 'object' && p !== null && typeof (p as { text?: unknown }).text === 'string'
          ? (p as { text: string }).text
          : JSON.stringify(p),
      )
      .join(' ');
  }
  return content === undefined ? '' : (JSON.stringify(content) ?? '');
}

const rec = (v: unknown): Readonly<Record<string, unknown>> => asRecord(v) ?? {};

/** Ids an input message repeats from earlier runs (its own id, or the calls it carries). */
function seenBefore(m: Record<string, unknown>, seen: ReadonlySet<string>): boolean {
  const id = str(m.id);
  if (id !== undefined && seen.has(id)) return true;
  const calls = Array.isArray(m.toolCalls) ? m.toolCalls : [];
  return (
    calls.length > 0 &&
    calls.every((c: unknown) => seen.has(`call:${str(rec(c).id) ?? ''}`)) &&
    (id === undefined || seen.has(id))
  );
}

function inputItem(m: Record<string, unknown>): ConversationItem {
  const calls = Array.isArray(m.toolCalls)
    ? m.toolCalls.map((c: unknown) => {
        const f = rec(rec(c).function);
        return `${str(f.name) ?? '?'}(${str(f.arguments) ?? ''})`;
      })
    : [];
  const text = [contentText(m.content), ...(calls.length > 0 ? [`tool calls: ${calls.join(', ')}`] : [])]
    .filter((s) => s !== '')
    .join(' · ');
  const id = str(m.id);
  return { kind: 'input', role: str(m.role) ?? '(no role)', ...(id !== undefined ? { id } : {}), text };
}

function runItems(
  run: RunModel,
  seen: Set<string>,
  calls: ReadonlyMap<string, { call: ToolCallModel; run: RunModel }>,
): ConversationItem[] {
  const items: ConversationItem[] = [];
  for (const raw of run.input?.messages ?? []) {
    const m = rec(raw);
    const answered = str(m.toolCallId) !== undefined ? calls.get(str(m.toolCallId) as string) : undefined;
    if (str(m.role) === 'tool' && answered?.call.answer?.runKey === run.key) {
      const a = answered.call.answer;
      items.push({
        kind: 'answer',
        call: answered.call,
        callRun: answered.run,
        content: a.content,
        ...(a.error !== undefined ? { error: a.error } : {}),
      });
    } else if (!seenBefore(m, seen)) items.push(inputItem(m));
    const id = str(m.id) ?? JSON.stringify(raw);
    seen.add(id);
  }
  const streamed: { at: number; item: ConversationItem }[] = [];
  for (const msg of run.messages) {
    streamed.push({
      at: msg.startEvent,
      item: {
        kind: 'text',
        role: msg.role,
        id: msg.messageId,
        text: msg.text,
        reasoning: msg.kind === 'reasoning',
        open: msg.open,
      },
    });
    seen.add(msg.messageId);
  }
  for (const activity of run.activities) {
    streamed.push({ at: activity.startEvent, item: { kind: 'activity', activity } });
    seen.add(activity.messageId);
  }
  for (const call of run.toolCalls) {
    streamed.push({ at: call.segments[0]?.startEvent ?? run.firstEvent, item: { kind: 'call', call } });
    for (const r of call.results) {
      streamed.push({ at: r.event, item: { kind: 'result', call, content: r.content } });
      seen.add(r.messageId);
    }
    seen.add(`call:${call.toolCallId}`);
  }
  streamed.sort((a, b) => a.at - b.at);
  for (const s of streamed) items.push(s.item);
  return items;
}

/**
 * The conversation per thread. `limit`: stop once this many entries (a run's header and its
 * items) are built, so a view that shows the first page costs that page, not the session;
 * threads and runs past it come back without items (`runCount` still says how many).
 */
export function buildConversation(model: SessionModel, onlyThread?: string, limit = Infinity): ConversationThread[] {
  const runs = new Map<string, RunModel>();
  for (const r of model.runs) runs.set(r.key, r);
  const out: ConversationThread[] = [];
  let budget = limit;
  for (const t of model.threads) {
    if (onlyThread !== undefined && t.threadId !== onlyThread) continue;
    const seen = new Set<string>();
    const calls = new Map<string, { call: ToolCallModel; run: RunModel }>();
    const list: ConversationRun[] = [];
    for (const key of t.runKeys) {
      if (budget <= 0) break;
      const run = runs.get(key);
      if (!run) continue;
      const items = runItems(run, seen, calls);
      budget -= 1 + items.length;
      list.push({ run, items });
      for (const call of run.toolCalls) calls.set(call.toolCallId, { call, run });
    }
    out.push({ threadId: t.threadId, runs: list, runCount: t.runKeys.length });
  }
  return out;
}
