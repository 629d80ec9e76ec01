// What can be replayed: the recorded responses of a session (this tab's capture, or a
// file loaded for replay only), one per stream, labelled by their first run.
import type { SessionModel, StreamModel } from '../../core/model/types.js';

export interface ReplayCandidate {
  readonly streamId: string;
  readonly label: string;
  readonly stream: StreamModel;
}

export function replayCandidates(model: SessionModel, origin: string): ReplayCandidate[] {
  const out: ReplayCandidate[] = [];
  const runsByKey = new Map(model.runs.map((r) => [r.key, r]));
  model.streams.forEach((s) => {
    if (s.rawEvents.length === 0) return;
    const first = runsByKey.get(s.runKeys[0] ?? '');
    const runs = s.runKeys.length > 1 ? ` (+${s.runKeys.length - 1} runs)` : '';
    const id = first && !first.implicit ? first.runId : '(no RUN_STARTED)';
    const mark = s.info.replayed ? ' [replayed]' : '';
    out.push({
      streamId: s.info.streamId,
      label: `${origin} #${out.length + 1}: ${id}${runs}, ${s.rawEvents.length} events${mark}`,
      stream: s,
    });
  });
  return out;
}
