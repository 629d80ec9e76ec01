// The relay's part of replay: a checked control from the panel becomes a message on the
// tap's private port (bytes and numbers as typed arrays, buffers transferred). Only the
// top frame's relay forwards, so one armed replay answers one request of the tab.
import { decodeBase64 } from '../core/io/base64.js';
import { isReplayPanelMessage } from './replay-guards.js';
import type { ReplayPanelMessage, ReplayTapMessage, ReplayTapRun } from './replay-messages.js';

export interface TapPortOut {
  postMessage(msg: unknown, transfer: Transferable[]): void;
}

export function toTapReplay(msg: ReplayPanelMessage): { msg: ReplayTapMessage; transfer: Transferable[] } {
  if (msg.kind !== 'replay-arm') return { msg: { ...msg }, transfer: [] };
  const transfer: Transferable[] = [];
  const runs: ReplayTapRun[] = msg.runs.map((r) => {
    const run: ReplayTapRun = {
      source: r.source,
      ...(r.recordedUrl !== undefined ? { recordedUrl: r.recordedUrl } : {}),
      status: r.status,
      contentType: r.contentType,
      // The guards checked the alphabet; an empty body is what a failed decode would mean.
      bytes: decodeBase64(r.base64) ?? new Uint8Array(0),
      ends: Float64Array.from(r.ends),
      at: Float64Array.from(r.at),
      patches: Float64Array.from(r.patches),
    };
    transfer.push(run.bytes.buffer as ArrayBuffer, run.ends.buffer, run.at.buffer, run.patches.buffer);
    return run;
  });
  return { msg: { ...msg, runs }, transfer };
}

/** Forwards a router message to the tap when it is a valid replay control; true if it was one. */
export function forwardReplay(raw: unknown, top: boolean, port: TapPortOut | undefined): boolean {
  if (!isReplayPanelMessage(raw)) return false;
  if (!top || !port) return true;
  try {
    const { msg, transfer } = toTapReplay(raw);
    port.postMessage(msg, transfer);
  } catch {
    // a closed port: the document is going away
  }
  return true;
}

/**
 * The tab's last panel went away: an armed replay is dropped and one that is answering a
 * request ends as a dropped connection (nobody could step it, cancel it or see it).
 */
export function panelsGone(port: Partial<TapPortOut> | undefined): void {
  try {
    port?.postMessage?.({ kind: 'replay-panel-gone' }, []);
  } catch {
    // a closed port: the document is going away
  }
}
