// A case as the bytes a server sends: each event one SSE `data:` frame, raw parts as they
// are, each write at its time. As a RecordedRun (with where the lifecycle ids sit), so the
// CLI's `serve`, the Playwright fixture's routing and the panel's replay play a case the
// way they play a recording, with the request's own threadId and runId.
import { concatBytes } from '../bytes.js';
import type { RecordedRun, ReplayPiece } from '../io/recorded-runs.js';
import { idPatchesIn, LIFECYCLE_TYPES } from '../replay/id-patches.js';
import type { IdPatch } from '../replay/types.js';
import type { ClientCase } from './types.js';

const enc = new TextEncoder();

/** The thread and run the case's first RUN_STARTED opens: the ids a request's own replace. */
function primaryIds(c: ClientCase): { threadId?: string; runId?: string } {
  for (const part of c.answer.parts) {
    if (!('event' in part) || part.event['type'] !== 'RUN_STARTED') continue;
    const { threadId, runId } = part.event;
    return {
      ...(typeof threadId === 'string' ? { threadId } : {}),
      ...(typeof runId === 'string' ? { runId } : {}),
    };
  }
  return {};
}

/**
 * The case's writes with their bytes, and where the lifecycle events carry the primary
 * thread and run ids in the joined body. Only those are the request's to replace: a case
 * whose RUN_FINISHED names another run, or whose second run is on another thread, must
 * reach the client as it is.
 */
function encode(c: ClientCase): { pieces: ReplayPiece[]; idPatches: IdPatch[]; events: unknown[] } {
  const primary = primaryIds(c);
  const pieces: ReplayPiece[] = [];
  const events: unknown[] = [];
  const spans: { start: number; end: number; event: unknown }[] = [];
  let size = 0;
  for (const part of c.answer.parts) {
    const data = enc.encode('raw' in part ? part.raw : `data: ${JSON.stringify(part.event)}\n\n`);
    if ('event' in part) {
      events.push(part.event);
      if (typeof part.event['type'] === 'string' && LIFECYCLE_TYPES.has(part.event['type']))
        spans.push({ start: size, end: size + data.length, event: part.event });
    }
    pieces.push({ at: part.at, data });
    size += data.length;
  }
  const body = concatBytes(pieces.map((p) => p.data));
  const idPatches = spans.flatMap((s) =>
    idPatchesIn(body, s.start, s.end, s.event).filter(
      (p) => (s.event as Record<string, unknown>)[p.field] === primary[p.field],
    ),
  );
  return { pieces, events, idPatches };
}

/** The case as a recorded run labelled with its id (`url` is where it was meant to be served). */
export function caseRun(c: ClientCase, url = '/'): RecordedRun {
  const { pieces, idPatches, events } = encode(c);
  const { threadId } = primaryIds(c);
  const runIds = events.flatMap((e) => {
    const r = e as Record<string, unknown>;
    return r['type'] === 'RUN_STARTED' && typeof r['runId'] === 'string' ? [r['runId']] : [];
  });
  return {
    label: c.id,
    file: c.id,
    url,
    method: 'POST',
    requestHeaders: {},
    ...(threadId !== undefined ? { threadId } : {}),
    runIds,
    status: c.answer.status,
    contentType: c.answer.contentType,
    encoding: 'sse',
    startedAt: 0,
    pieces,
    events,
    idPatches,
  };
}
