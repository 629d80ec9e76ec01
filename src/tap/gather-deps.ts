// What the tap's Blob path (./blob-gather.ts) calls, captured at install (document_start,
// before any page script), like every other built-in of the tap: the Blob constructor,
// TypedArray set, defineProperty, the document's visibility getter and
// scheduler.postTask (its delay gives the page no timer id to notice). Dictionaries
// handed to natives and the Blob's parts iterable have no prototype, so nothing the page
// put on Object.prototype or Array.prototype (an iterator, an index setter) is consulted.
import type { ChunkPart } from '../bridge/messages.js';
import type { GatherDeps } from './blob-gather.js';
import { oneValueIterable } from './one-iterable.js';

export interface GatherWindow {
  readonly Blob: typeof Blob;
  readonly ArrayBuffer: ArrayBufferConstructor;
  readonly Document: typeof Document;
  readonly document: Document;
  readonly scheduler: unknown;
}

interface Needs {
  readonly Function: FunctionConstructor;
  readonly Object: ObjectConstructor;
  readonly Uint8Array: Uint8ArrayConstructor;
}

type Uncurried = (self: unknown, ...args: unknown[]) => unknown;

export interface CapturedGather {
  readonly deps: Omit<GatherDeps, 'send'>;
  /** Whether a batch may wait for its deadline now: a visible document with scheduler.postTask. */
  readonly canWait: () => boolean;
  /** Strips an object's prototype (captured setPrototypeOf). */
  readonly bare: <T extends object>(o: T) => T;
}

export function captureGatherDeps(win: Needs & Partial<GatherWindow>): CapturedGather | undefined {
  const O = win.Object;
  const uncurry = win.Function.prototype.bind.bind(win.Function.prototype.call) as (fn: unknown) => Uncurried;
  const find = (proto: unknown, key: string): PropertyDescriptor | undefined => {
    for (let p = proto as object | null; p !== null && p !== undefined; p = O.getPrototypeOf(p) as object | null) {
      const d = O.getOwnPropertyDescriptor(p, key);
      if (d) return d;
    }
    return undefined;
  };
  const BlobCtor = win.Blob;
  const AB = win.ArrayBuffer;
  const sched = win.scheduler;
  const postTaskFn = typeof sched === 'object' && sched !== null ? find(sched, 'postTask')?.value : undefined;
  if (typeof BlobCtor !== 'function' || typeof AB !== 'function' || typeof postTaskFn !== 'function') return undefined;
  const postTask = uncurry(postTaskFn);
  const doc = win.document;
  const visGet = find(win.Document?.prototype, 'visibilityState')?.get;
  const visibility = visGet ? uncurry(visGet) : undefined;
  const setFn = find(O.getPrototypeOf(win.Uint8Array.prototype), 'set')?.value;
  const lenGet = find(O.getPrototypeOf(win.Uint8Array.prototype), 'byteLength')?.get;
  if (typeof setFn !== 'function' || typeof lenGet !== 'function') return undefined;
  const taSet = uncurry(setFn);
  const byteLength = uncurry(lenGet);
  const defineProperty = O.defineProperty;
  const setPrototypeOf = O.setPrototypeOf;
  const iterator = Symbol.iterator;
  const bare = <T extends object>(o: T): T => setPrototypeOf(o, null) as T;
  const one = (value: unknown): BlobPart[] => oneValueIterable<BlobPart[]>(value, bare, iterator);
  const hidden = (): boolean => {
    try {
      return doc !== undefined && visibility !== undefined && visibility(doc) === 'hidden';
    } catch {
      return false;
    }
  };
  return {
    deps: {
      Blob: BlobCtor,
      Uint8Array: win.Uint8Array,
      ArrayBuffer: AB,
      set: (dst, src, at) => void taSet(dst, src, at),
      byteLength: (b) => byteLength(b) as number,
      defineAt: (arr: ChunkPart[], i: number, v: ChunkPart) =>
        void defineProperty(arr, i, bare({ value: v, writable: true, enumerable: true, configurable: true })),
      one,
      later: (fn, ms) => {
        if (hidden()) return false;
        try {
          // Never throws out of the task: its promise would reject where the page could see it.
          postTask(
            sched,
            () => {
              try {
                fn();
              } catch {
                // never into the page
              }
            },
            bare({ delay: ms }),
          );
          return true;
        } catch {
          return false;
        }
      },
    },
    canWait: () => !hidden(),
    bare,
  };
}
