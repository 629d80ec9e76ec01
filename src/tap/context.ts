// What every part of the tap shares. Built once by installTap from originals captured
// at install time, so later changes the page makes to globals cannot redirect us.
import type { StreamEndReason, TapWireMessage } from '../bridge/messages.js';
import type { Disguise } from './disguise.js';
import type { Intrinsics } from './intrinsics.js';
import type { Safe } from './safe.js';
import { CREDENTIAL_NAMES, CREDENTIAL_PARTS } from '../core/io/redact/credential-names.js';

type AnyFn = (...args: never[]) => unknown;

/** The tap's transport: in the page, a private MessagePort (see ./channel.ts). */
export type TapEmit = (msg: TapWireMessage, transfer?: Iterable<Transferable>) => void;

export interface TapContext {
  readonly emit: TapEmit;
  /** Our own clock (captured Date.now): the page's notion of time is never asked. */
  readonly now: () => number;
  /** Unique across frames and documents: a random frame id plus a counter. */
  readonly newId: () => string;
  readonly frameUrl: () => string;
  /** What relative URLs resolve against: the document's base URL (an about:blank frame inherits its creator's). */
  readonly baseUrl: () => string;
  /** Bytes copied per stream before 'capture-truncated'. */
  readonly cap: number;
  /** Give a replacement function the original's name, length and native toString. */
  readonly mask: Disguise['mask'];
  readonly maskAs: Disguise['maskAs'];
  /** Runs a function on the next task (a private MessageChannel); undefined where there is none. */
  readonly later?: (fn: () => void) => void;
  /** True while the transport copies each chunk at once, exactly (a Blob batch): hand it the page's view. */
  readonly gathering?: () => boolean;
  readonly I: Intrinsics;
  readonly S: Safe;
}

/** Event-stream (prefix, any case, parameters allowed) or the exact AG-UI proto type. */
export function captureEncoding(I: Intrinsics, contentType: string | null): 'sse' | 'proto' | undefined {
  if (!contentType) return undefined;
  const ct = I.strLower(I.strTrim(contentType));
  if (I.strIndexOf(ct, 'text/event-stream') === 0) return 'sse';
  if (ct === 'application/vnd.ag-ui.event+proto') return 'proto';
  return undefined;
}

/**
 * Credential-bearing header names, by the one list every export uses, matched without
 * RegExp or array methods (which the page can replace).
 */
export function isSecretHeader(I: Intrinsics, name: string): boolean {
  const n = I.strLower(name);
  for (let i = 0; i < CREDENTIAL_NAMES.length; i++) if (n === CREDENTIAL_NAMES[i]) return true;
  for (let i = 0; i < CREDENTIAL_PARTS.length; i++)
    if (I.strIndexOf(n, CREDENTIAL_PARTS[i] as string) >= 0) return true;
  return false;
}

export function errorText(I: Intrinsics, err: unknown): string {
  try {
    const e = err as { name?: unknown; message?: unknown } | null;
    if (typeof e === 'object' && e !== null && typeof e.name === 'string' && typeof e.message === 'string') {
      return I.strSlice(`${e.name}: ${e.message}`, 0, 1000);
    }
    return I.strSlice(I.String(err), 0, 1000);
  } catch {
    return 'unknown error';
  }
}

export function isAbortError(err: unknown): boolean {
  try {
    return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
  } catch {
    return false;
  }
}

/**
 * Calls a native for one of our wrappers (same `this`, same arguments); an error it throws
 * goes to the page with our frames hidden, from `wrapper` up.
 */
export function callNative(ctx: TapContext, fn: AnyFn, self: unknown, args: unknown[], wrapper: AnyFn): unknown {
  try {
    return ctx.I.apply(fn, self, args);
  } catch (err) {
    ctx.S.hideFrames(err, wrapper);
    throw err;
  }
}

/** A stream's end as every transport's tap records it (the next sequence number, our clock). */
export function emitStreamEnd(
  ctx: TapContext,
  streamId: string,
  s: { seq: number },
  reason: StreamEndReason,
  error?: string,
): void {
  ctx.emit({ kind: 'stream-end', streamId, seq: ++s.seq, t: ctx.now(), reason, ...(error ? { error } : {}) });
}
