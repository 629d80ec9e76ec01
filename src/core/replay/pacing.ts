// When each piece of a replayed body is delivered. Recorded pacing keeps the original
// offsets (×N divides them); instant sends every piece at once but keeps the recorded
// boundaries; Step cuts the body at event frames and waits for the panel's releases.
import type { Pacing, PlayPiece, ReplayRun } from './types.js';

export function playPieces(run: ReplayRun, pacing: Pacing): PlayPiece[] {
  if (pacing.kind === 'step') {
    const frames = run.events.length > 0 ? run.events : run.chunks;
    const out: PlayPiece[] = [];
    let last = 0;
    for (const f of frames) {
      if (f.end <= last) continue;
      out.push({ end: f.end, at: 0 });
      last = f.end;
    }
    // Bytes after the last frame (a cut-off tail) go out with the last release.
    if (last < run.body.length) out.push({ end: run.body.length, at: 0 });
    return out;
  }
  const factor = pacing.kind === 'faster' && pacing.factor > 0 ? pacing.factor : 1;
  return run.chunks.map((c) => ({ end: c.end, at: pacing.kind === 'instant' ? 0 : c.at / factor }));
}

/** How far Step mode goes from `delivered` events for each control. */
export type StepTarget =
  | { readonly kind: 'event' }
  | { readonly kind: 'delta' }
  | { readonly kind: 'tool-boundary' }
  | { readonly kind: 'upto'; readonly n: number };

const DELTA_TYPES: ReadonlySet<string> = new Set([
  'TEXT_MESSAGE_CONTENT',
  'TEXT_MESSAGE_CHUNK',
  'TOOL_CALL_ARGS',
  'TOOL_CALL_CHUNK',
  'REASONING_MESSAGE_CONTENT',
  'REASONING_MESSAGE_CHUNK',
]);
const TOOL_BOUNDARY_TYPES: ReadonlySet<string> = new Set(['TOOL_CALL_START', 'TOOL_CALL_END', 'TOOL_CALL_RESULT']);

/** The number of pieces that should have been delivered after the control (never fewer than now). */
export function stepTo(types: readonly string[], delivered: number, target: StepTarget): number {
  const total = types.length;
  const firstFrom = (set: ReadonlySet<string>): number => {
    for (let i = delivered; i < total; i++) if (set.has(types[i] ?? '')) return i + 1;
    return total;
  };
  switch (target.kind) {
    case 'event':
      return Math.min(total, delivered + 1);
    case 'delta':
      return firstFrom(DELTA_TYPES);
    case 'tool-boundary':
      return firstFrom(TOOL_BOUNDARY_TYPES);
    case 'upto':
      return Math.max(delivered, Math.min(total, Math.floor(target.n)));
  }
}

/** The piece types of a Step-mode run (an unframed tail counts as one piece of type ''). */
export function pieceTypes(run: ReplayRun): string[] {
  const types = run.events.map((e) => e.type);
  const pieces = playPieces(run, { kind: 'step' });
  while (types.length < pieces.length) types.push('');
  return types.slice(0, pieces.length);
}
