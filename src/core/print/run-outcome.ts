// How a run ended, in the words the panel shows (lane, run detail, selector) and the
// CLI's `print` prints: one place for both.
import type { RunModel, SessionModel } from '../model/types.js';
import { getStream } from '../reduce/lookup.js';

export function runOutcome(run: RunModel): string {
  switch (run.status) {
    case 'running':
      return 'running';
    case 'errored':
      return `error${run.error ? `: ${run.error.message}` : ''}`;
    case 'failed':
      return `request failed${run.error ? `: ${run.error.message}` : ''}`;
    case 'finished': {
      const o = run.outcome;
      if (o === undefined || o === null) return 'success';
      if (typeof o === 'string') return o;
      if (typeof o === 'object' && 'type' in o && typeof (o as { type: unknown }).type === 'string')
        return (o as { type: string }).type;
      return 'finished';
    }
    default:
      return run.status;
  }
}

/**
 * Why a run that did not finish stopped, when its stream's end says more than its status:
 * navigation, a closed tab, the capture cap, or a replay ended from the panel (Cancel, the
 * panel closed).
 */
export function runEndNote(model: SessionModel, run: RunModel): string | undefined {
  if (run.status !== 'aborted' && run.status !== 'truncated') return undefined;
  const stream = getStream(model, run.streamId);
  const end = stream?.end;
  if (!end || end.t !== run.endedAt) return undefined;
  switch (end.reason) {
    case 'error':
      // The tap names why it ended a replay early; a network error is otherwise the outcome's.
      return stream?.info.replayed && end.error !== undefined ? end.error : undefined;
    case 'navigated':
      return 'page navigated';
    case 'tab-closed':
      return 'tab closed';
    case 'capture-truncated':
      return end.error ?? 'capture stopped at the stream cap';
    default:
      return undefined;
  }
}
