// The first step of every tapped fetch, armed for a replay or not, prepared here and done
// by the fetch wrapper itself: the page's arguments become a Request exactly as the
// native fetch makes one (the native constructor captured
// at start-up, so the page's `init` getters and its URL's `toString` run once, in the
// native's order, with the page's own object as `this`). A Proxy around `init` with only a
// `get` trap (reading with the page's object as receiver) hands us the value the `body`
// read returned, so the body is known without reading it again. A Request input's body is
// cloned (./request-info.ts) before the Request is built, which disturbs the input as the
// native does.
import type { TapContext } from './context.js';
import { cloneRequestBody, type EarlyBody, type SeenBody } from './request-info.js';

export interface BuiltRequest {
  readonly req: Request;
  readonly seen: SeenBody;
  readonly early: EarlyBody | undefined;
}

export interface PreparedRequest {
  /** The arguments for the native Request constructor (the page's init behind the watcher). */
  readonly ctorArgs: readonly unknown[];
  readonly seen: SeenBody;
  readonly early: EarlyBody | undefined;
}

/**
 * Undefined for a foreign `this` (the original then refuses it itself). The caller itself
 * constructs the Request from `ctorArgs` (no helper frame of ours under the page's getters).
 */
export function prepareRequest(
  ctx: TapContext,
  win: unknown,
  thisArg: unknown,
  args: readonly unknown[],
): PreparedRequest | undefined {
  const { I, S } = ctx;
  if (thisArg !== undefined && thisArg !== null && thisArg !== win) return undefined;
  const seen: SeenBody = S.bare({ has: false });
  const init = args[1];
  const watched =
    (typeof init === 'object' && init !== null) || typeof init === 'function'
      ? I.construct(I.Proxy, [
          init,
          S.bare({
            get(target: Record<PropertyKey, unknown>, key: PropertyKey): unknown {
              // A plain [[Get]] with the page's object as receiver (no Reflect.get frame).
              const value = target[key];
              if (key === 'body') {
                seen.has = true;
                seen.value = value;
              }
              return value;
            },
          }),
        ])
      : init;
  let early: EarlyBody | undefined;
  try {
    early = cloneRequestBody(ctx, args[0]);
  } catch {
    early = undefined;
  }
  return S.bare({ ctorArgs: args.length > 1 ? [args[0], watched] : [args[0]], seen, early });
}
