// The session's time span for the timeline axis. O(streams), not O(events): each
// stream's last raw event (or end) bounds it.
import type { SessionModel } from '../../core/model/types.js';

export interface SessionBounds {
  /** ms since epoch of the first stream start (0 when empty). */
  readonly t0: number;
  /** ms since epoch of the latest thing seen. */
  readonly end: number;
}

export function sessionBounds(model: SessionModel): SessionBounds {
  let t0 = Infinity;
  let end = -Infinity;
  for (let i = 0; i < model.streams.length; i++) {
    const s = model.streams[i];
    if (!s) continue;
    t0 = Math.min(t0, s.info.startedAt);
    end = Math.max(end, s.info.startedAt, s.end?.t ?? -Infinity, s.rawEvents.at(-1)?.t ?? -Infinity);
  }
  if (!Number.isFinite(t0)) return { t0: 0, end: 0 };
  return { t0, end: Math.max(end, t0) };
}
