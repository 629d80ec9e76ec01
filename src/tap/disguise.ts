// Patched functions must look native: same name and length, no `prototype`, and
// Function.prototype.toString answering `function fetch() { [native code] }` — also when
// the toString of another same-origin frame is asked: a function that is not ours and
// comes from another realm is handed to that realm's toString, which (tapped too) knows
// its own. toString itself is a Proxy that is in its own table, so it passes its own test.
// A masked function is handed out as a Proxy of it with no trap: calls run the function
// itself (no extra frame), and the toString of a realm we are not in (a sandboxed frame
// without scripts, so without a tap) prints a Proxy as native code, never our source.
// Errors thrown through our wrappers lose our frames (see Safe.hideFrames).
import type { Intrinsics } from './intrinsics.js';
import type { Safe } from './safe.js';

type AnyFn = (...args: never[]) => unknown;

export interface Disguise {
  mask<F extends AnyFn>(fn: F, name: string, length: number): F;
  /** Marks a non-function-literal (a Proxy) as native with the given source text. */
  maskAs(obj: object, text: string): void;
  restore(): void;
}

export function installDisguise(I: Intrinsics, S: Safe, fnProto: { toString: (this: unknown) => string }): Disguise {
  const native = new I.WeakMap<object, string>();
  const original = fnProto.toString;
  const known = (x: unknown): string | undefined =>
    typeof x === 'function' || (typeof x === 'object' && x !== null)
      ? (I.wmGet(native, x) as string | undefined)
      : undefined;
  // A function of another realm: up its [[Prototype]] chain (EventSource → EventTarget →
  // Function.prototype) to the first callable whose own prototype is not callable, i.e.
  // that realm's Function.prototype, and its own toString (a data property) if not ours.
  const otherRealmToString = (fn: unknown): AnyFn | undefined => {
    if (typeof fn !== 'function') return undefined;
    let root = I.getPrototypeOf(fn) as object | null;
    for (let i = 0; i < 64 && typeof root === 'function'; i++) {
      const up = I.getPrototypeOf(root) as object | null;
      if (typeof up !== 'function') break;
      root = up;
    }
    if (root === null || root === fnProto || typeof root !== 'function') return undefined;
    const d = I.getOwnPropertyDescriptor(root, 'toString');
    return d && typeof d.value === 'function' && d.value !== proxy ? (d.value as AnyFn) : undefined;
  };
  const handler = S.bare({
    apply(target: AnyFn, thisArg: unknown, args: unknown[]): string {
      const s = known(thisArg);
      if (s !== undefined) return s;
      try {
        const other = otherRealmToString(thisArg);
        if (other) return I.apply(other, thisArg, []) as string;
        return I.apply(target, thisArg, args) as string;
      } catch (err) {
        S.hideFrames(err, handler.apply);
        throw err;
      }
    },
  });
  const proxy = new Proxy(original, handler);
  I.wmSet(native, proxy, 'function toString() { [native code] }');
  S.define(fnProto, 'toString', proxy);
  return {
    mask(fn, name, length) {
      try {
        S.define(fn, 'name', name, { writable: false });
        S.define(fn, 'length', length, { writable: false });
      } catch {
        // a frozen function cannot be renamed; it still works
        return fn;
      }
      const masked = I.construct(I.Proxy, [fn, S.bare({})]) as typeof fn;
      I.wmSet(native, masked, `function ${name}() { [native code] }`);
      S.frameOf(masked, fn);
      return masked;
    },
    maskAs(obj, text) {
      I.wmSet(native, obj, text);
    },
    restore() {
      if (fnProto.toString === proxy) S.define(fnProto, 'toString', original);
    },
  };
}
