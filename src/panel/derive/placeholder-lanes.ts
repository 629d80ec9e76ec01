// Streams the timeline has no run for get a lane of their own that says why: a request an
// imported HAR names without its body (EventSource streams, cut-off or unsaved bodies), or
// a captured stream that carried no run (cut off before its first event, an empty body,
// nothing readable as AG-UI). Without these the user sees fewer streams than the page made.
import type { BodilessRequest } from '../../core/io/types.js';
import type { SessionModel, StreamModel } from '../../core/model/types.js';

export interface PlaceholderLane {
  /** A model stream id, or `bodiless:<n>` for a request the import holds no body for. */
  readonly id: string;
  readonly method: string;
  readonly url: string;
  readonly startedAt: number;
  readonly endedAt?: number;
  /** Why there is no run, in a few words the lane shows. */
  readonly why: string;
  /** Set for model streams (their findings show on the lane). */
  readonly streamId?: string;
}

export function bodilessWhy(b: BodilessRequest): string {
  switch (b.reason) {
    case 'eventsource':
      return 'EventSource stream: HAR files do not keep EventSource bodies';
    case 'cut-off':
      return `cut off before a body was recorded${b.error ? ` (${b.error})` : ''}`;
    default:
      return 'no body recorded in the HAR (browsers drop streamed bodies that were open or large)';
  }
}

/** Why a stream of the model carried no run. */
export function streamWhy(s: StreamModel): string {
  const n = s.rawEvents.length;
  const end = s.end;
  if (n > 0) return `${n} event(s), none starts or belongs to a run`;
  if (!end) return 'open: no event yet';
  switch (end.reason) {
    case 'aborted':
    case 'cancelled':
      return `cut off: the page ${end.reason === 'aborted' ? 'aborted' : 'cancelled'} it before the first event`;
    case 'error':
      return `cut off: ${end.error ?? 'network error'} before the first event`;
    case 'navigated':
    case 'tab-closed':
      return `cut off: ${end.reason === 'navigated' ? 'the page navigated' : 'the tab closed'} before the first event`;
    case 'capture-truncated':
      return 'cut off by the capture cap before the first event';
    case 'closed':
      return 'closed by the page before the first event';
    default:
      return s.bytes > 0 ? `${s.bytes} byte(s), no event in them` : 'no body: the response was empty';
  }
}

/** Placeholder lanes in request order. O(streams + imported gaps). */
export function placeholderLanes(model: SessionModel, bodiless: readonly BodilessRequest[]): PlaceholderLane[] {
  const out: PlaceholderLane[] = [];
  for (let i = 0; i < model.streams.length; i++) {
    const s = model.streams[i];
    if (!s || s.runKeys.length > 0) continue;
    out.push({
      id: s.info.streamId,
      streamId: s.info.streamId,
      method: s.info.method,
      url: s.info.url,
      startedAt: s.info.startedAt,
      ...(s.end ? { endedAt: s.end.t } : {}),
      why: streamWhy(s),
    });
  }
  bodiless.forEach((b, i) =>
    out.push({
      id: `bodiless:${i}`,
      method: b.method,
      url: b.url,
      startedAt: b.startedAt,
      endedAt: b.startedAt + b.durationMs,
      why: bodilessWhy(b),
    }),
  );
  return out.sort((a, b) => a.startedAt - b.startedAt);
}
