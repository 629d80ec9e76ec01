// Capture health: what the always-visible indicator shows, and the one sentence that
// explains why nothing arrives (the most common support question).

export interface CaptureHealth {
  readonly mode: 'live' | 'offline';
  readonly connected: boolean;
  /** Frames whose tap said hello (frameId → url). */
  readonly tapFrames: number;
  readonly streamsSeen: number;
  /** Responses the tap saw and deliberately did not read (not AG-UI). */
  readonly ignored: number;
  readonly lastIgnored?: { readonly url: string; readonly contentType: string };
  /** Relay buffer overflow: messages lost before the panel connected. */
  readonly dropped: number;
  readonly buffered: number;
  readonly replaying: boolean;
  /** Streams not recorded because recording was paused. */
  readonly skippedWhilePaused: number;
  /** Duplicate messages dropped (replays overlapping live delivery). */
  readonly duplicates: number;
  /** Chunks whose base64 did not decode (a relay bug; counted, not hidden). */
  readonly badChunks: number;
}

export const INITIAL_HEALTH: CaptureHealth = {
  mode: 'live',
  connected: false,
  tapFrames: 0,
  streamsSeen: 0,
  ignored: 0,
  dropped: 0,
  buffered: 0,
  replaying: false,
  skippedWhilePaused: 0,
  duplicates: 0,
  badChunks: 0,
};

/** Why nothing (or not everything) arrives; undefined when all is well. */
export function healthProblem(h: CaptureHealth, recording: boolean): string | undefined {
  if (h.mode === 'offline') return undefined;
  if (!h.connected) return 'Not connected to the page (the service worker may be restarting); reconnecting…';
  if (!recording) return 'Recording is paused: new streams are not recorded.';
  if (h.dropped > 0) return `${h.dropped} messages were dropped before the panel connected (buffer overflow).`;
  if (h.streamsSeen > 0) return undefined;
  if (h.tapFrames === 0) return 'No tap in this page yet: reload the page so the tap installs at document start.';
  if (h.ignored > 0) {
    const last = h.lastIgnored ? ` (last: ${h.lastIgnored.contentType || 'no content type'})` : '';
    return `${h.ignored} responses seen, none was an AG-UI stream${last}.`;
  }
  return `Tap present in ${h.tapFrames} frame${h.tapFrames === 1 ? '' : 's'}; no AG-UI stream yet.`;
}
