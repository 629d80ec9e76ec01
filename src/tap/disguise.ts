// Patched functions must look native: same name and length, and Function.prototype
// .toString answering `function fetch() { [native code] }`. toString itself is replaced
// by a proxy that is in its own table, so it also passes its own test.
type AnyFn = (...args: never[]) => unknown;

export interface Disguise {
  mask<F extends AnyFn>(fn: F, name: string, length: number): F;
  restore(): void;
}

export function installDisguise(fnProto: { toString: (this: unknown) => string }): Disguise {
  const native = new WeakMap<object, string>();
  const original = fnProto.toString;
  const proxy = new Proxy(original, {
    apply(target, thisArg: unknown, args: unknown[]) {
      if ((typeof thisArg === 'function' || typeof thisArg === 'object') && thisArg !== null) {
        const s = native.get(thisArg);
        if (s !== undefined) return s;
      }
      return Reflect.apply(target, thisArg, args) as string;
    },
  });
  native.set(proxy, 'function toString() { [native code] }');
  fnProto.toString = proxy;
  return {
    mask(fn, name, length) {
      try {
        Object.defineProperty(fn, 'name', { value: name, configurable: true });
        Object.defineProperty(fn, 'length', { value: length, configurable: true });
        native.set(fn, `function ${name}() { [native code] }`);
      } catch {
        // a frozen function cannot be renamed; it still works
      }
      return fn;
    },
    restore() {
      if (fnProto.toString === proxy) fnProto.toString = original;
    },
  };
}
