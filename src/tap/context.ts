// What every part of the tap shares. Built once by installTap from originals captured
// at install time, so later changes the page makes to globals cannot redirect us.
import type { TapWireMessage } from '../bridge/messages.js';

/** The tap's transport: in the page, a private MessagePort (see ./channel.ts). */
export type TapEmit = (msg: TapWireMessage, transfer?: Transferable[]) => void;

export interface TapContext {
  readonly emit: TapEmit;
  readonly now: () => number;
  /** Unique across frames and documents: a random frame id plus a counter. */
  readonly newId: () => string;
  readonly frameUrl: () => string;
  /** Bytes copied per stream before 'capture-truncated'. */
  readonly cap: number;
  /** Give a replacement function the original's name, length and native toString. */
  readonly mask: <F extends (...args: never[]) => unknown>(fn: F, name: string, length: number) => F;
}

/** Event-stream (prefix, any case, parameters allowed) or the exact AG-UI proto type. */
export function captureEncoding(contentType: string | null): 'sse' | 'proto' | undefined {
  if (!contentType) return undefined;
  const ct = contentType.trim().toLowerCase();
  if (ct.startsWith('text/event-stream')) return 'sse';
  if (ct === 'application/vnd.ag-ui.event+proto') return 'proto';
  return undefined;
}

export function errorText(err: unknown): string {
  try {
    if (err instanceof Error) return `${err.name}: ${err.message}`.slice(0, 1000);
    return String(err).slice(0, 1000);
  } catch {
    return 'unknown error';
  }
}

export function isAbortError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}
