// Why a run that did not finish stopped, when its stream's end says more than the run
// status can: the page navigated, the tab closed, or our own capture cap cut it.
import { getStream } from '../core-deps.js';
import type { RunModel, SessionModel } from '../../core/model/types.js';

export function runEndNote(model: SessionModel, run: RunModel): string | undefined {
  if (run.status !== 'aborted' && run.status !== 'truncated') return undefined;
  const end = getStream(model, run.streamId)?.end;
  if (!end || end.t !== run.endedAt) return undefined;
  switch (end.reason) {
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
