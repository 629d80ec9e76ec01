// Small tools that keep page code out of the tap's own operations: promises whose `then`
// and species lookups the page cannot redirect, property descriptors and dictionaries
// without a prototype (so no getter on Object.prototype is consulted), a transfer list
// that needs no Array iterator, and errors whose stack starts at the page's own frame.
import type { Intrinsics } from './intrinsics.js';
import { oneValueIterable } from './one-iterable.js';

export interface Safe {
  /** Dictionaries handed to natives: no prototype, so no inherited member is read. */
  bare<T extends object>(o: T): T;
  /** Defines a data property with a prototype-less descriptor. */
  define(
    o: object,
    key: PropertyKey,
    value: unknown,
    attrs?: { writable?: boolean; enumerable?: boolean; configurable?: boolean },
  ): void;
  /** Own `then` (the native one) and no `constructor`: resolving with it or chaining on it calls only natives. */
  seal<T>(p: Promise<T>): Promise<T>;
  /** The native then on a sealed promise; the result is sealed too (never handed to the page). */
  then<T>(p: Promise<T>, ok: (v: T) => unknown, err?: (e: unknown) => unknown): Promise<unknown>;
  /** A new sealed promise from our own executor. */
  promise(executor: (resolve: (v?: unknown) => void, reject: (e: unknown) => void) => void): Promise<unknown>;
  /** An iterable of one value whose iteration touches no page-replaceable built-in. */
  one(value: unknown): Iterable<Transferable>;
  /** Removes our frames (everything above `fn`) from an error's stack before it reaches the page. */
  hideFrames(err: unknown, fn: (...args: never[]) => unknown): void;
  /** `hideFrames(err, proxy)` hides the frames of `fn` (a Proxy with no apply trap runs its target's frame). */
  frameOf(proxy: object, fn: (...args: never[]) => unknown): void;
}

export function makeSafe(I: Intrinsics): Safe {
  const bare = <T extends object>(o: T): T => {
    I.setPrototypeOf(o, null);
    return o;
  };
  const define: Safe['define'] = (o, key, value, attrs = {}) => {
    I.defineProperty(
      o,
      key,
      bare({
        value,
        writable: attrs.writable ?? true,
        enumerable: attrs.enumerable ?? false,
        configurable: attrs.configurable ?? true,
      }),
    );
  };
  // A sealed promise per pull of every stream: its two descriptors are made once, not per
  // promise (prototype-less and never handed out, so nothing can change them).
  const thenDescriptor = bare({ value: I.rawThen, writable: true, enumerable: false, configurable: true });
  const noConstructor = bare({ value: undefined, writable: true, enumerable: false, configurable: true });
  const seal = <T>(p: Promise<T>): Promise<T> => {
    I.defineProperty(p, 'then', thenDescriptor);
    I.defineProperty(p, 'constructor', noConstructor);
    return p;
  };
  const iterator = I.iterator;
  const frames = new I.WeakMap<object, unknown>();
  return {
    bare,
    define,
    seal,
    then: (p, ok, err) => seal(I.then(seal(p), ok as (v: never) => unknown, err) as Promise<unknown>),
    promise: (executor) => seal(I.construct(I.Promise, [executor]) as Promise<unknown>),
    one: (value) => oneValueIterable<Iterable<Transferable>>(value, bare, iterator),
    hideFrames: (err, fn) => {
      try {
        if ((typeof err === 'object' && err !== null) || typeof err === 'function')
          I.captureStackTrace?.(err as object, (I.wmGet(frames, fn) as typeof fn | undefined) ?? fn);
      } catch {
        // a frozen error keeps its stack
      }
    },
    frameOf: (proxy, fn) => void I.wmSet(frames, proxy, fn),
  };
}
