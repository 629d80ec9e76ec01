// A case as a replay run: the plan the panel's replay arms, the same bytes `serve --cases`
// and the Playwright fixture send (./wire.ts), each write a piece at its time, each event a
// frame Step mode can stop after, the primary ids where the request's own replace them.
import { concatBytes } from '../bytes.js';
import type { PlanChunk, PlanEvent, ReplayRun } from '../replay/types.js';
import type { ClientCase } from './types.js';
import { caseRun } from './wire.js';

export function caseReplayRun(c: ClientCase, source: string): ReplayRun {
  const run = caseRun(c);
  const chunks: PlanChunk[] = [];
  const events: PlanEvent[] = [];
  let end = 0;
  c.answer.parts.forEach((part, i) => {
    end += run.pieces[i]?.data.length ?? 0;
    chunks.push({ end, at: part.at });
    if ('event' in part) {
      const type = part.event['type'];
      events.push({ end, type: typeof type === 'string' ? type : '' });
    }
  });
  return {
    source,
    status: run.status,
    contentType: run.contentType,
    body: concatBytes(run.pieces.map((p) => p.data)),
    chunks,
    events,
    idPatches: run.idPatches,
  };
}
