// The calls a RUN_ERROR message names: servers often report a failed tool by its call id
// ("tool call call_abc failed: ..."), and the reader wants that call's lane, not a search.

import type { RunModel } from '../model/types.js';

/** Characters an id is made of: an id counts only where none of these touches it. */
const ID_CHAR = /[A-Za-z0-9_-]/;

function namedAt(text: string, id: string): boolean {
  for (let at = text.indexOf(id); at !== -1; at = text.indexOf(id, at + 1)) {
    const before = at > 0 ? text.charAt(at - 1) : '';
    const after = text.charAt(at + id.length);
    if (!ID_CHAR.test(before) && !ID_CHAR.test(after)) return true;
  }
  return false;
}

/** Ids of the run's tool calls its RUN_ERROR message names, in the order the run made them. */
export function callsNamedInError(run: RunModel): string[] {
  const message = run.error?.message;
  if (message === undefined || message === '') return [];
  const out: string[] = [];
  for (const call of run.toolCalls) {
    const id = call.toolCallId;
    if (id !== '' && !out.includes(id) && namedAt(message, id)) out.push(id);
  }
  return out;
}
