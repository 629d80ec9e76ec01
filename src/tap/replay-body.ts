// The body a replay plays: the recorded bytes, with the lifecycle events' threadId/runId
// literals replaced by the request's own when asked (the piece ends move with them), and
// a pull-free byte stream that enqueues piece after piece on the recorded schedule, or on
// the panel's releases in Step mode. Cancel errors it the way a dropped connection does.
import type { TapContext } from './context.js';
import type { ReplayWindow, TapRun } from './replay-state.js';
import { copyBytes } from './bytes.js';

export interface PlayBody {
  readonly stream: ReadableStream<Uint8Array>;
  release(upTo: number): void;
  /** Errors the stream (server disconnect) unless it already ended. */
  fail(err: unknown): void;
}

interface Patched {
  readonly bytes: Uint8Array;
  readonly ends: number[];
}

/** `ids`: the JSON literals (quotes included) to put in place of field 0 (threadId) and 1 (runId). */
export function patchRun(ctx: TapContext, run: TapRun, ids: readonly (Uint8Array | undefined)[] | undefined): Patched {
  const { I } = ctx;
  const ends: number[] = [];
  if (!ids || run.patchCount === 0) {
    for (let i = 0; i < run.pieces; i++) ends[i] = run.ends[i] as number;
    return { bytes: run.bytes, ends };
  }
  const total = I.byteLength(run.bytes);
  let size = total;
  for (let p = 0; p < run.patchCount; p++) {
    const rep = ids[run.patches[p * 3 + 2] as number];
    if (rep) size += I.byteLength(rep) - ((run.patches[p * 3 + 1] as number) - (run.patches[p * 3] as number));
  }
  const out = new I.Uint8Array(size);
  const buf = I.bufferOf(run.bytes);
  const off = I.byteOffset(run.bytes);
  let from = 0;
  let to = 0;
  let shift = 0;
  let piece = 0;
  const moveEnds = (upTo: number, patchEnd: number, delta: number): void => {
    // Ends up to `upTo` keep the current shift; ends inside a patch move to its new end.
    for (; piece < run.pieces && (run.ends[piece] as number) <= upTo; piece++)
      ends[piece] = (run.ends[piece] as number) + shift;
    for (; piece < run.pieces && (run.ends[piece] as number) < patchEnd; piece++)
      ends[piece] = patchEnd + shift + delta;
  };
  for (let p = 0; p < run.patchCount; p++) {
    const start = run.patches[p * 3] as number;
    const end = run.patches[p * 3 + 1] as number;
    const rep = ids[run.patches[p * 3 + 2] as number];
    if (!rep || start < from || end > total) continue;
    I.taSet(out, new I.Uint8Array(buf, off + from, start - from), to);
    to += start - from;
    I.taSet(out, rep, to);
    to += I.byteLength(rep);
    const delta = I.byteLength(rep) - (end - start);
    moveEnds(start, end, delta);
    shift += delta;
    from = end;
  }
  I.taSet(out, new I.Uint8Array(buf, off + from, total - from), to);
  moveEnds(total, total, 0);
  return { bytes: out, ends };
}

export function playBody(
  ctx: TapContext,
  win: ReplayWindow,
  body: Patched,
  at: ArrayLike<number>,
  step: boolean,
): PlayBody {
  const { I, S } = ctx;
  const setT = win.setTimeout;
  const clearT = win.clearTimeout;
  let ctrl: ReadableByteStreamController | undefined;
  let sent = 0;
  let done = false;
  let timer: number | undefined;
  let t0 = 0;
  const pieces = body.ends.length;
  const send = (upTo: number): void => {
    if (done || !ctrl) return;
    const buf = I.bufferOf(body.bytes);
    const off = I.byteOffset(body.bytes);
    if (upTo > pieces) upTo = pieces;
    if (upTo <= sent) return;
    const start = sent === 0 ? 0 : (body.ends[sent - 1] as number);
    const end = body.ends[upTo - 1] as number;
    sent = upTo;
    if (end > start) I.ctrlEnqueue(ctrl, copyBytes(I, new I.Uint8Array(buf, off + start, end - start), end - start));
    if (sent >= pieces) {
      done = true;
      I.ctrlClose(ctrl);
    }
  };
  const tick = (): void => {
    timer = undefined;
    if (done) return;
    try {
      const elapsed = ctx.now() - t0;
      let upTo = sent;
      while (upTo < pieces && (at[upTo] as number) <= elapsed) upTo++;
      if (upTo > sent) send(upTo);
      if (!done) {
        const wait = (at[sent] as number) - (ctx.now() - t0);
        timer = setT(tick, wait > 0 ? wait : 0);
      }
    } catch {
      // never into the page
    }
  };
  const stream = I.construct(I.ReadableStream, [
    S.bare({
      type: 'bytes' as const,
      start(c: ReadableByteStreamController): void {
        ctrl = c;
        if (pieces === 0) {
          done = true;
          I.ctrlClose(c);
          return;
        }
        if (step) return;
        t0 = ctx.now();
        tick();
      },
      cancel(): void {
        done = true;
        if (timer !== undefined) clearT(timer);
      },
    }),
  ]) as ReadableStream<Uint8Array>;
  return {
    stream,
    release: (upTo) => {
      try {
        send(upTo);
      } catch {
        // never into the page
      }
    },
    fail: (err) => {
      if (done || !ctrl) return;
      done = true;
      if (timer !== undefined) clearT(timer);
      try {
        I.ctrlError(ctrl, err);
      } catch {
        // already closed
      }
    },
  };
}
