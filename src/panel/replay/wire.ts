// A replay plan as the arm message carries it: the pieces of the chosen pacing, the body
// as base64, id patches as flat triples.
import { LIMITS } from '../../bridge/messages.js';
import type { ReplayWireRun } from '../../bridge/replay-messages.js';
import type { Pacing, ReplayRun } from '../../core/replay/index.js';
import { encodeBase64, playPieces } from '../core-deps.js';

export function wireRun(run: ReplayRun, pacing: Pacing, recordedUrl = ''): ReplayWireRun {
  const pieces = playPieces(run, pacing);
  return {
    source: run.source.slice(0, 512),
    ...(recordedUrl !== '' && recordedUrl.length <= LIMITS.urlLength ? { recordedUrl } : {}),
    status: run.status >= 200 && run.status <= 599 ? run.status : 200,
    contentType: run.contentType.slice(0, 1024),
    base64: encodeBase64(run.body),
    ends: pieces.map((p) => p.end),
    at: pieces.map((p) => Math.round(p.at * 1000) / 1000),
    patches: run.idPatches.flatMap((p) => [p.start, p.end, p.field === 'threadId' ? 0 : 1]),
  };
}
