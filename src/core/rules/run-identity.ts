// Run identity against the request and across one stream: RUN_STARTED should carry the
// request's threadId and runId, and a stream's runs belong to one conversation. The 1.0
// client checks none of this; the draft makes a thread change fatal (its `next` verdict).
import type { RuleContext } from './engine-types.js';
import type { At, Out } from './out.js';
import type { StreamState } from './state.js';

/** At each RUN_STARTED: its threadId against the request and the stream's first run, its runId against the request. */
export function checkRunIdentity(
  st: StreamState,
  ids: { readonly threadId: string | undefined; readonly runId: string | undefined },
  ctx: RuleContext,
  at: At,
  out: Out,
): void {
  // The request body as sent, whether or not it names this run (the model attaches it only when it does).
  const request = ctx.stream(ctx.streamId)?.requestInput;
  const first = st.threadId === undefined;
  const thread = ids.threadId ?? '?';
  if (request?.threadId !== undefined && ids.threadId !== request.threadId)
    out.add(
      'run/thread-changed',
      `RUN_STARTED names threadId '${thread}' but the request said '${request.threadId}': a run carries the input's threadId (the next client rejects the stream here).`,
      at,
    );
  else if (!first && ids.threadId !== st.threadId)
    out.add(
      'run/thread-changed',
      `RUN_STARTED opens a run on threadId '${thread}' but this stream's first run was on '${st.threadId ?? '?'}': the runs of one stream belong to one thread (the next client rejects the stream here).`,
      at,
    );
  if (first && request?.runId !== undefined && ids.runId !== request.runId)
    out.add(
      'run/started-id-mismatch',
      `RUN_STARTED names runId '${ids.runId ?? '?'}' but the request said '${request.runId}'.`,
      at,
    );
  if (first) st.threadId = ids.threadId ?? '';
}
