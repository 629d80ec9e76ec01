// What can be replayed: the recorded responses of a session (the session the panel shows —
// this tab's capture or an imported file — or a file loaded for replay only), one per
// stream, each named by its file and first run ("customer.har · run-7"), the name the
// replayed run carries afterwards, in the panel and in exports. A conformance case is a
// candidate too (./case-source.ts).
import type { SessionModel } from '../../core/model/types.js';
import type { ReplayRun } from '../../core/replay/types.js';
import { planFromStream } from '../core-deps.js';

export interface ReplayCandidate {
  readonly streamId: string;
  /** The file (or "this tab") and run: what the replayed run is marked with. */
  readonly source: string;
  /** The option text: the source, other runs on the stream, events, replayed mark. */
  readonly label: string;
  /** The URL it was recorded from ('' when the recording names none: a JSONL or SSE file). */
  readonly recordedUrl: string;
  readonly events: number;
  /** What arming sends: the recorded response as a replay run (made when asked: it walks every event). */
  readonly plan: () => ReplayRun;
}

/** Only an absolute http(s) URL names where a run was recorded (a file's own name does not). */
function recordedUrlOf(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '';
}

export function replayCandidates(model: SessionModel, origin: string): ReplayCandidate[] {
  const runsByKey = new Map(model.runs.map((r) => [r.key, r]));
  const named = model.streams
    .filter((s) => s.rawEvents.length > 0)
    .map((s, i) => {
      const first = runsByKey.get(s.runKeys[0] ?? '');
      return { s, run: first && !first.implicit ? first.runId : `response ${i + 1}` };
    });
  // Ids can repeat (the same run recorded twice, or replayed): a number tells them apart.
  const seen = new Map<string, number>();
  for (const n of named) seen.set(n.run, (seen.get(n.run) ?? 0) + 1);
  const counter = new Map<string, number>();
  return named.map(({ s, run }) => {
    const k = (counter.get(run) ?? 0) + 1;
    counter.set(run, k);
    const source = `${origin} · ${run}${(seen.get(run) ?? 0) > 1 ? ` #${k}` : ''}`;
    const more = s.runKeys.length > 1 ? ` (+${s.runKeys.length - 1} runs)` : '';
    const mark = s.info.replayed ? ` · replayed from ${s.info.replayed.source}` : '';
    return {
      streamId: s.info.streamId,
      source,
      label: `${source}${more} · ${s.rawEvents.length} events${mark}`,
      recordedUrl: recordedUrlOf(s.info.url),
      events: s.rawEvents.length,
      plan: () => planFromStream(s, source),
    };
  });
}
