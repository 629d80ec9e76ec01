// What an armed replay did not answer. The tap answers a run request only when its URL is
// the arm's (the recorded path by default); any other goes to the network, as it should.
// The panel sees that request in this tab's capture all the same: a stream that is not
// marked replayed, sent after the tap armed, while the arm still had a run to give. Before
// this, the bar went on saying "0 of 1 taken" and the user never learned why.
import type { SessionModel } from '../../core/model/types.js';
import { recordedPath } from './preview.js';

export interface MissedRequest {
  readonly streamId: string;
  readonly method: string;
  readonly url: string;
  /** The request URL's path ('' when the URL is not absolute). */
  readonly path: string;
}

/** The part of an arm this needs (ArmedReplay has it). */
export interface ArmWaiting {
  readonly status: string;
  readonly armedAt?: number;
  readonly runs: readonly unknown[];
  readonly answered: readonly unknown[];
}

/** The latest run request of the tab that went to the network since the tap armed, if the arm still waits. */
export function missedRequest(model: SessionModel, a: ArmWaiting): MissedRequest | undefined {
  if (a.status !== 'armed' || a.armedAt === undefined || a.answered.length >= a.runs.length) return undefined;
  // Newest first; streams open in order, so the walk stops at the first one sent before the arm.
  for (let i = model.streams.length - 1; i >= 0; i--) {
    const info = model.streams[i]?.info;
    if (!info) continue;
    if ((info.requestedAt ?? info.startedAt) < a.armedAt) return undefined;
    if (info.replayed || info.transport === 'import') continue;
    return { streamId: info.streamId, method: info.method, url: info.url, path: recordedPath(info.url) };
  }
  return undefined;
}

/** The arm's paths, as the request was judged against them. */
export interface ArmPaths {
  readonly path: string;
  readonly also: readonly string[];
  readonly target: string;
}

/** The path "Answer … too" would add: the missed request's, when a path condition is what turned it away. */
export function pathToAdd(m: MissedRequest, a: ArmPaths): string | undefined {
  if (a.path === '' || m.path === '' || m.path === a.path || a.also.includes(m.path)) return undefined;
  return m.path;
}

/** The notice, in the user's terms: where the request went and why the replay did not answer it. */
export function missedText(m: MissedRequest, a: ArmPaths): string {
  const what = `A run request to ${m.method} ${m.path || m.url} went to the network`;
  if (pathToAdd(m, a) !== undefined)
    return `${what}: it is not the recorded path ${a.path}${a.also.length > 0 ? ` (nor ${a.also.join(', ')})` : ''}.`;
  return `${what}: the armed replay did not answer it (it answers ${a.target}; only a POST with an AG-UI run body or an event-stream request of the top frame is answered).`;
}

/** The arm's target in words once `paths` are answered (the recorded one first). */
export function pathsTarget(paths: readonly string[]): string {
  return `${paths.join(' or ')} on any origin`;
}
