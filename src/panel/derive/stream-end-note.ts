// Why a run that did not finish stopped, when its stream's end says more than the run
// status can: the page navigated, the tab closed, our own capture cap cut it, or a replay
// was ended from the panel (Cancel, the panel closed).
import { getStream } from '../core-deps.js';
import type { RunModel, SessionModel } from '../../core/model/types.js';

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
