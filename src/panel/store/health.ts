// Capture health: what the always-visible indicator shows, and the one sentence that
// explains why nothing (or not everything) arrives. Loss is counted only where it really
// happened (a buffer evicted what no panel had received) and said with its place and size.

/** Messages (and estimated bytes) evicted at one hop before the panel got them. */
export interface LossCount {
  readonly messages: number;
  readonly bytes: number;
}

export interface CaptureLoss {
  /** The tap's own early ring buffer in the page. */
  readonly page: LossCount;
  /** The per-document relay buffers (before a panel connected, or between panels). */
  readonly relay: LossCount;
  /** The DevTools page's early buffer (the panel not yet shown). */
  readonly handoff: LossCount;
}

/** A stream whose capture we stopped at a cap (our truncation, never the server's fault). */
export interface CutStream {
  readonly streamId: string;
  readonly url: string;
  /** e.g. "capture stopped at 64 MB". */
  readonly note: string;
}

export interface SessionCapState {
  readonly capBytes: number;
  /** Estimated bytes the session holds now. */
  readonly bytes: number;
  readonly evictedRuns: number;
  readonly evictedBytes: number;
  /** The core cannot evict (yet): capture stopped at the cap; streams not recorded since. */
  readonly stopped: boolean;
  readonly skippedStreams: number;
}

export interface CaptureHealth {
  readonly mode: 'live' | 'offline';
  readonly connected: boolean;
  /** Frames whose tap said hello (frameId → url). */
  readonly tapFrames: number;
  readonly streamsSeen: number;
  /** Responses the tap saw and deliberately did not read (not AG-UI). */
  readonly ignored: number;
  readonly lastIgnored?: { readonly url: string; readonly contentType: string };
  /** Run requests that got no AG-UI answer (an error status, another type, a network error): runs of their own. */
  readonly failedRequests: number;
  readonly lastFailed?: { readonly url: string; readonly status: number; readonly contentType: string };
  /** All messages really lost on the way (the sum of `loss`). */
  readonly dropped: number;
  readonly loss: CaptureLoss;
  readonly buffered: number;
  readonly replaying: boolean;
  /** Streams not recorded because recording was paused. */
  readonly skippedWhilePaused: number;
  /** Duplicate messages dropped (replays overlapping live delivery). */
  readonly duplicates: number;
  /** Chunks whose base64 did not decode (a relay bug; counted, not hidden). */
  readonly badChunks: number;
  /** Streams cut at the per-stream cap: how many, and the latest few. */
  readonly cutCount: number;
  readonly cut: readonly CutStream[];
  readonly session: SessionCapState;
  /** The inspected tab closed: nothing more can arrive. */
  readonly tabClosed: boolean;
  /** Event streams webRequest saw and the tap never reported (Web Workers'; see worker-streams.ts). */
  readonly workerStreams: number;
  readonly lastWorkerUrl?: string;
}

const NO_LOSS: LossCount = { messages: 0, bytes: 0 };
export const DEFAULT_SESSION_CAP_MB = 512;

export const INITIAL_HEALTH: CaptureHealth = {
  mode: 'live',
  connected: false,
  tapFrames: 0,
  streamsSeen: 0,
  ignored: 0,
  failedRequests: 0,
  dropped: 0,
  loss: { page: NO_LOSS, relay: NO_LOSS, handoff: NO_LOSS },
  buffered: 0,
  replaying: false,
  skippedWhilePaused: 0,
  duplicates: 0,
  badChunks: 0,
  cutCount: 0,
  cut: [],
  session: {
    capBytes: DEFAULT_SESSION_CAP_MB * 1024 * 1024,
    bytes: 0,
    evictedRuns: 0,
    evictedBytes: 0,
    stopped: false,
    skippedStreams: 0,
  },
  tabClosed: false,
  workerStreams: 0,
};

const count = (n: number): string => n.toLocaleString('en-US');

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${count(Math.round(n / (1024 * 1024)))} MB`;
  if (n >= 1024) return `${count(Math.round(n / 1024))} kB`;
  return `${count(n)} B`;
}

/**
 * The session's mean bytes per wire event (undefined before any): what turns bytes lost
 * into "about N events". O(streams).
 */
export function meanEventBytes(
  streams: readonly { readonly bytes: number; readonly rawEvents: { readonly length: number } }[],
): number | undefined {
  let bytes = 0;
  let events = 0;
  for (let i = 0; i < streams.length; i++) {
    bytes += streams[i]?.bytes ?? 0;
    events += streams[i]?.rawEvents.length ?? 0;
  }
  return events > 0 && bytes > 0 ? bytes / events : undefined;
}

/**
 * One sentence per place where something was lost, cut or cannot be seen. What the buffers
 * drop are chunks (one message each, often many events): counted as chunks, with the events
 * they held estimated from their bytes at `perEvent` (the session's mean) when known.
 */
export function lossLines(h: CaptureHealth, perEvent?: number): string[] {
  const out: string[] = [];
  const place = (l: LossCount, where: string): void => {
    if (l.messages === 0) return;
    const events = perEvent ? Math.max(l.messages, Math.round(l.bytes / perEvent)) : undefined;
    const about = events !== undefined ? ` (about ${count(events)} event${events === 1 ? '' : 's'})` : '';
    out.push(
      `${count(l.messages)} chunk${l.messages === 1 ? '' : 's'} dropped${about}: ${where} buffer full (${formatBytes(l.bytes)})`,
    );
  };
  place(h.loss.page, 'page');
  place(h.loss.relay, 'relay');
  place(h.loss.handoff, 'DevTools');
  for (const c of h.cut) out.push(`capture of stream ${c.url} ${c.note.replace(/^capture /, '')}`);
  if (h.cutCount > h.cut.length) out.push(`${count(h.cutCount - h.cut.length)} more stream(s) cut at the stream cap`);
  const s = h.session;
  if (s.evictedRuns > 0)
    out.push(
      `${count(s.evictedRuns)} older run${s.evictedRuns === 1 ? '' : 's'} evicted: ${formatBytes(s.capBytes)} session cap`,
    );
  if (s.stopped)
    out.push(
      `capture stopped at the ${formatBytes(s.capBytes)} session cap${s.skippedStreams > 0 ? `: ${count(s.skippedStreams)} stream(s) not recorded` : ''}`,
    );
  if (h.workerStreams > 0) {
    const last = h.lastWorkerUrl ? ` (last: ${h.lastWorkerUrl})` : '';
    out.push(`${count(h.workerStreams)} event stream(s) the tap cannot read, most likely a Web Worker's${last}`);
  }
  return out;
}

/** Why nothing (or not everything) arrives; undefined when all is well. */
export function healthProblem(h: CaptureHealth, recording: boolean, perEvent?: number): string | undefined {
  if (h.mode === 'offline') return undefined;
  if (h.tabClosed) return 'The inspected tab was closed: nothing more will arrive.';
  if (!h.connected) return 'Not connected to the page (the service worker may be restarting); reconnecting…';
  if (!recording) return 'Recording is paused: new streams are not recorded (a replay you arm always is).';
  const lines = lossLines(h, perEvent);
  if (lines.length > 0) return `${lines.join('; ')}.`;
  if (h.streamsSeen > 0) return undefined;
  if (h.failedRequests > 0) {
    const f = h.lastFailed;
    const answer =
      f === undefined ? '' : f.status === 0 ? 'no answer' : `HTTP ${f.status} ${f.contentType || 'no content type'}`;
    const last = f === undefined ? '' : ` (last: ${answer} from ${f.url})`;
    return `${h.failedRequests} run request${h.failedRequests === 1 ? '' : 's'} failed, none answered with an AG-UI stream${last}: see the failed run${h.failedRequests === 1 ? '' : 's'} on the timeline.`;
  }
  if (h.tapFrames === 0) return 'No tap in this page yet: reload the page so the tap installs at document start.';
  if (h.ignored > 0) {
    const last = h.lastIgnored ? ` (last: ${h.lastIgnored.contentType || 'no content type'})` : '';
    return `${h.ignored} responses seen, none was an AG-UI stream${last}.`;
  }
  return `Tap present in ${h.tapFrames} frame${h.tapFrames === 1 ? '' : 's'}; no AG-UI stream yet.`;
}
