// How a replayed run is named wherever runs are listed: the lane badge's tooltip, the run
// selector and the run detail all say it was answered by a replay, and from what.
import type { StreamOpenInfo } from '../../core/capture.js';

export function replayedLabel(info: StreamOpenInfo | undefined): string | undefined {
  const r = info?.replayed;
  return r ? `replayed (${r.source || 'unnamed recording'})` : undefined;
}
