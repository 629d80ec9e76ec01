// The page-visible Response of a tapped fetch is a native Response built over our
// pass-through body. What a constructed Response cannot carry natively (url, redirected,
// type of the network response; immutable headers) is answered by the prototype's own
// accessors and methods, replaced in place by native-looking ones that consult a private
// WeakMap and otherwise call the originals. No own property is ever added to a Response
// or its Headers; Response.prototype.clone.call(r) keeps the identity; headers of a
// tapped response throw the browser's own TypeError on set/append/delete.
import type { TapContext } from './context.js';

interface Identity {
  readonly url: string;
  readonly redirected: boolean;
  readonly type: ResponseType;
}

export interface ResponseIdentity {
  /** Gives `out` the identity of `from` (or `as`: a replayed answer has no network identity), and makes its headers immutable. */
  adopt(out: Response, from: Response, as?: Identity): void;
  restore(): void;
}

type AnyFn = (...args: never[]) => unknown;

export function installResponseIdentity(ctx: TapContext, RP: object, HP: object): ResponseIdentity {
  const { I, S } = ctx;
  const ids = new I.WeakMap<object, Identity>();
  const frozen = new I.WeakMap<object, true>();
  const undo: (() => void)[] = [];
  const replace = (proto: object, key: string, make: (d: PropertyDescriptor) => PropertyDescriptor): void => {
    const d = I.getOwnPropertyDescriptor(proto, key);
    if (!d) return;
    I.defineProperty(proto, key, S.bare(make(d)));
    undo[undo.length] = () => void I.defineProperty(proto, key, S.bare(d));
  };
  const freeze = (res: Response): void => {
    try {
      I.wmSet(frozen, I.resHeaders(res), true);
    } catch {
      // not a Response
    }
  };
  for (const key of ['url', 'redirected', 'type'] as const) {
    replace(RP, key, (d) => {
      const nativeGet = d.get as AnyFn;
      const holder = {
        get [key](): unknown {
          const id =
            typeof this === 'object' && this !== null ? (I.wmGet(ids, this) as Identity | undefined) : undefined;
          if (id) return id[key];
          try {
            return I.apply(nativeGet, this, []);
          } catch (err) {
            S.hideFrames(err, get);
            throw err;
          }
        },
      };
      const get = (I.getOwnPropertyDescriptor(holder, key) as PropertyDescriptor).get as AnyFn;
      ctx.maskAs(get, `function get ${key}() { [native code] }`);
      return { get, set: d.set, enumerable: d.enumerable, configurable: d.configurable };
    });
  }
  replace(RP, 'clone', (d) => {
    const nativeClone = d.value as AnyFn;
    const clone = ctx.mask(
      {
        clone(this: unknown): Response {
          let c: Response;
          try {
            c = I.apply(nativeClone, this, []) as Response;
          } catch (err) {
            S.hideFrames(err, clone);
            throw err;
          }
          const id = typeof this === 'object' && this !== null ? I.wmGet(ids, this) : undefined;
          if (id) {
            I.wmSet(ids, c, id);
            freeze(c);
          }
          return c;
        },
      }.clone,
      'clone',
      0,
    );
    return { value: clone, writable: d.writable, enumerable: d.enumerable, configurable: d.configurable };
  });
  for (const op of ['set', 'append', 'delete'] as const) {
    replace(HP, op, (d) => {
      const nativeOp = d.value as AnyFn;
      const wrapped = ctx.mask(
        {
          [op](this: unknown, ...args: unknown[]): unknown {
            if (typeof this === 'object' && this !== null && I.wmHas(frozen, this)) {
              // Like the browser's: the stack's first line has the short message, `message` the long one.
              const err = new I.TypeError('Headers are immutable');
              S.hideFrames(err, wrapped);
              S.define(err, 'message', `Failed to execute '${op}' on 'Headers': Headers are immutable`);
              throw err;
            }
            try {
              return I.apply(nativeOp, this, args);
            } catch (err) {
              S.hideFrames(err, wrapped);
              throw err;
            }
          },
        }[op] as AnyFn,
        op,
        op === 'delete' ? 1 : 2,
      );
      return { value: wrapped, writable: d.writable, enumerable: d.enumerable, configurable: d.configurable };
    });
  }
  return {
    adopt(out, from, as) {
      I.wmSet(ids, out, as ?? { url: I.resUrl(from), redirected: I.resRedirected(from), type: I.resType(from) });
      freeze(out);
    },
    restore() {
      for (let i = undo.length - 1; i >= 0; i--) (undo[i] as () => void)();
    },
  };
}
