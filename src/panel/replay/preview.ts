// What the Replay section says before arming: which recorded run(s) will answer, which
// requests of the tab they answer (the recorded path on any origin by default), and what
// the chosen pacing will do with this recording (a HAR keeps no chunk timing).
import type { PlanChunk } from '../../core/replay/index.js';
import type { PacingName } from './plans.js';
import type { ReplayCandidate } from './sources.js';

export type MatchChoice = 'path' | 'any' | 'pattern';

export interface ReplayTarget {
  /** The arm's URL path condition ('' = any path). */
  readonly path: string;
  /** The arm's URL pattern ('' = none). */
  readonly pattern: string;
  /** The requests answered, in words. */
  readonly text: string;
}

/** The path of an absolute URL ('' when it is not one). */
export function recordedPath(url: string): string {
  try {
    return url === '' ? '' : new URL(url).pathname;
  } catch {
    return '';
  }
}

export function replayTarget(first: ReplayCandidate | undefined, match: MatchChoice, pattern: string): ReplayTarget {
  const p = pattern.trim();
  if (match === 'pattern' && p !== '') return { path: '', pattern: p, text: `URLs matching ${p}` };
  if (match === 'any') return { path: '', pattern: '', text: 'any URL' };
  const path = recordedPath(first?.recordedUrl ?? '');
  if (path === '') return { path: '', pattern: '', text: 'any URL (the recording names no URL to match)' };
  return { path, pattern: '', text: `${path} on any origin` };
}

/** What "As recorded" will do with these chunk times (HAR bodies are one piece: no timing). */
export function pacingNote(pacing: PacingName, chunks: readonly PlanChunk[] | undefined): string | undefined {
  if (pacing !== 'recorded' || !chunks) return undefined;
  const timed = chunks.length > 1 && chunks.some((c) => c.at !== chunks[0]?.at);
  return timed
    ? undefined
    : 'this recording keeps no chunk timing (a HAR holds the body as one piece): as recorded, the whole body arrives at once. Choose Step to watch it event by event.';
}

export function previewText(chosen: readonly ReplayCandidate[], target: ReplayTarget): string {
  const first = chosen[0];
  if (!first) return 'Will replay: nothing to replay (load a recording or capture a run first).';
  const more = chosen.length > 1 ? ` and the next ${chosen.length - 1} run(s), one per request` : '';
  return `Will replay ${first.source} (${first.events} events)${more} into the next AG-UI request of this tab to ${target.text}.`;
}
