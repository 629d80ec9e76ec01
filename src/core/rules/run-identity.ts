// Run identity against the request and across one stream: RUN_STARTED should carry the
// request's threadId and runId, and a stream's runs belong to one conversation. The 1.0
// client checks none of this; the draft makes a thread change fatal (its `next` verdict).
import { ruleFamily } from './rule-family.js';
import type { RuleContext } from './engine-types.js';
import type { At, Out } from './out.js';
import type { StreamState } from './state.js';

export const RUN_IDENTITY_RULES = ruleFamily({ client: 'no', needs: 'input' }, [
  {
    id: 'run/thread-changed',
    severity: 'error',
    fatal: true,
    next: true,
    specRef: 'AG-UI draft › Events (Lifecycle: RUN_STARTED)',
    specText:
      'A stream may carry several runs, but they are runs on one conversation: RUN_STARTED carries the input’s threadId, and a RUN_STARTED naming a different threadId is fatal.',
    explain: 'Start every run of a request on the request’s threadId; open a new request for another conversation.',
  },
  {
    id: 'run/started-id-mismatch',
    severity: 'warning',
    fatal: false,
    specRef: 'AG-UI docs › Events (Lifecycle); @ag-ui/encoder content types',
    specText: 'The first event’s type is RUN_STARTED (threadId and runId should equal the input’s).',
    explain: 'Echo the request’s runId in RUN_STARTED: the application matches the run it asked for by that id.',
  },
]);

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
