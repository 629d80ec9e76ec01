// The runs an arm message carries: the chosen recorded responses, the first one replaced
// by the editor's lines when the user edited it (each event keeps its recorded offset).
// Undefined while a line is invalid: nothing is sent then.
import type { SessionModel } from '../../core/model/types.js';
import type { Pacing, ReplayRun } from '../../core/replay/index.js';
import { eventLines, parseEventLines, planFromItems, requestDivergence } from '../core-deps.js';
import type { ReplayCandidate } from './sources.js';

export type PacingName = 'recorded' | 'faster' | 'instant' | 'step';

export function pacingOf(name: PacingName, factor: number): Pacing {
  if (name === 'faster') return { kind: 'faster', factor: factor > 0 ? factor : 1 };
  return { kind: name };
}

export function buildPlans(chosen: readonly ReplayCandidate[], edited: string | undefined): ReplayRun[] | undefined {
  const runs = chosen.map((c) => c.plan());
  const first = runs[0];
  if (!first || edited === undefined) return runs;
  const parsed = parseEventLines(edited);
  if (parsed.errors.length > 0) return undefined;
  const timing = eventLines(first);
  runs[0] = planFromItems(
    parsed.lines.map((l, i) => ({ data: l.data, type: l.type, at: timing[i]?.at ?? timing.at(-1)?.at ?? 0 })),
    `${first.source} (edited)`,
    { status: first.status, ...(first.requestBody !== undefined ? { requestBody: first.requestBody } : {}) },
  );
  return runs;
}

export interface Answered {
  readonly index: number;
  readonly streamId: string;
  readonly divergences: ReturnType<typeof requestDivergence>;
  readonly actualBody?: string;
  readonly recordedBody?: string;
}

/** The runs of armed replay `armId` the app has taken: the streams marked with it, in order. */
export function answeredBy(model: SessionModel, armId: string, runs: readonly ReplayRun[]): Answered[] {
  const out: Answered[] = [];
  for (const s of model.streams) {
    const r = s.info.replayed;
    if (!r || r.armId !== armId) continue;
    const recorded = runs[r.index]?.requestBody;
    out.push({
      index: r.index,
      streamId: s.info.streamId,
      divergences: requestDivergence(recorded, s.info.requestBody),
      ...(s.info.requestBody !== undefined ? { actualBody: s.info.requestBody } : {}),
      ...(recorded !== undefined ? { recordedBody: recorded } : {}),
    });
  }
  return out;
}
