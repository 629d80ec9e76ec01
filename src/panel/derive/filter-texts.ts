// What the toolbar filter reads of a call, a run's messages and a finding: names and ids,
// and the text users search by (argument values, results, answers, message text). Values
// from the page are untrusted: results that are not strings are read as JSON, and any text
// is capped so one huge payload cannot stall a keystroke.
import type { MessageModel, ToolCallModel } from '../../core/model/types.js';

/** Characters of one value the filter looks at (a 1 MB result is searched in its first 64 k). */
export const FILTER_TEXT_CAP = 64 * 1024;

/** A page-supplied value as searchable text: strings as they are, anything else as JSON. */
export function valueText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v.length > FILTER_TEXT_CAP ? v.slice(0, FILTER_TEXT_CAP) : v;
  try {
    const s = JSON.stringify(v) ?? '';
    return s.length > FILTER_TEXT_CAP ? s.slice(0, FILTER_TEXT_CAP) : s;
  } catch {
    // Cycles cannot come from JSON input, but a value that will not stringify is skipped, not thrown.
    return '';
  }
}

export function callTexts(call: ToolCallModel): string[] {
  const t = [call.name, call.toolCallId, call.status, call.frontend ? 'frontend' : 'backend'];
  for (const n of call.names) if (n !== call.name) t.push(n);
  if (call.owner) t.push(call.owner);
  if (call.parentMessageId) t.push(call.parentMessageId);
  t.push(valueText(call.args));
  for (const r of call.results) t.push(valueText(r.content));
  if (call.answer) t.push(valueText(call.answer.content), call.answer.error ?? '');
  return t;
}

export function messageTexts(messages: readonly MessageModel[]): string[] {
  const t: string[] = [];
  for (const m of messages) t.push(m.messageId, m.role, valueText(m.text));
  return t;
}
