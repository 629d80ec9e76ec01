// A plain time axis for tests of what wraps or reads it: every event at its own time.
import type { LaneAxis } from './lane-axis.js';

export const timeAxis = (end: number): LaneAxis => ({
  mode: 'time',
  timed: () => true,
  at: (_s, _e, t) => t,
  openEnd: (_s, now) => now,
  end,
});
