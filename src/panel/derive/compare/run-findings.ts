// The findings of one run: same stream, main event inside the run's wire range. A scan of
// the session's findings, done on demand (when a run is compared or kept), never per frame.
import type { Finding } from '../../../core/findings.js';
import type { RunModel } from '../../../core/model/types.js';

export function findingsOfRun(findings: readonly Finding[], run: RunModel): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const at = f.events[0];
    if (f.streamId === run.streamId && at !== undefined && at >= run.firstEvent && at <= run.lastEvent) out.push(f);
  }
  return out;
}
