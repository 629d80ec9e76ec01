// Every built-in the tap calls after install, captured once at install (document_start,
// before any page script) and called only as uncurried functions: `read(reader)` instead
// of `reader.read()`. A page that later replaces Reflect.apply, Promise.prototype.then,
// a getter or a prototype method changes nothing we do. Calling a bound `call` looks up
// nothing at call time, so these stay ours whatever the page does to the prototypes.
/* eslint-disable @typescript-eslint/no-unsafe-function-type -- uncurried natives are typed at their call sites */

export interface IntrinsicWindow {
  readonly Reflect: typeof Reflect;
  readonly Object: ObjectConstructor;
  readonly Function: FunctionConstructor;
  readonly Promise: PromiseConstructor;
  readonly WeakMap: WeakMapConstructor;
  readonly Uint8Array: Uint8ArrayConstructor;
  readonly ArrayBuffer: ArrayBufferConstructor;
  readonly TextEncoder: typeof TextEncoder;
  readonly TextDecoder: typeof TextDecoder;
  readonly ReadableStream: typeof ReadableStream;
  readonly Response: typeof Response;
  readonly Request: typeof Request;
  readonly Headers: typeof Headers;
  readonly URL: typeof URL;
  readonly String: StringConstructor;
  readonly Error: ErrorConstructor;
  readonly TypeError: TypeErrorConstructor;
  readonly Date: DateConstructor;
  readonly EventTarget: typeof EventTarget;
  readonly Blob?: typeof Blob;
  readonly FormData?: typeof FormData;
  readonly URLSearchParams?: typeof URLSearchParams;
  readonly Node?: typeof Node;
  readonly Event?: typeof Event;
  readonly MessageEvent?: typeof MessageEvent;
  readonly ReadableStreamBYOBRequest?: typeof ReadableStreamBYOBRequest;
  readonly MessagePort?: typeof MessagePort;
}

type Uncurried = (self: never, ...args: never[]) => unknown;

export function captureIntrinsics(win: IntrinsicWindow) {
  const { Reflect: R, Object: O, Function: F } = win;
  const uncurry = F.prototype.bind.bind(F.prototype.call) as (fn: Function) => Uncurried;
  const getPrototypeOf = R.getPrototypeOf;
  const getOwnPropertyDescriptor = R.getOwnPropertyDescriptor;
  const findDesc = (proto: object | null, key: PropertyKey): PropertyDescriptor | undefined => {
    for (let p = proto; p !== null; p = getPrototypeOf(p)) {
      const d = getOwnPropertyDescriptor(p, key);
      if (d) return d;
    }
    return undefined;
  };
  const method = <T extends Uncurried>(proto: object | undefined, key: PropertyKey): T => {
    const d = proto ? findDesc(proto, key) : undefined;
    return (typeof d?.value === 'function' ? uncurry(d.value as Function) : () => undefined) as T;
  };
  const getter = <T extends Uncurried>(proto: object | undefined, key: PropertyKey): T => {
    const d = proto ? findDesc(proto, key) : undefined;
    return (d?.get ? uncurry(d.get) : () => undefined) as T;
  };
  const setter = <T extends Uncurried>(proto: object | undefined, key: PropertyKey): T => {
    const d = proto ? findDesc(proto, key) : undefined;
    return (d?.set ? uncurry(d.set) : () => undefined) as T;
  };
  const P = win.Promise.prototype;
  const RS = win.ReadableStream;
  const rsReader = new RS().getReader();
  let ctrlP: object | undefined;
  new RS({ type: 'bytes', start: (c) => void (ctrlP = getPrototypeOf(c) as object) });
  const TA = getPrototypeOf(win.Uint8Array.prototype) as object;
  const headersP = win.Headers.prototype;
  const requestP = win.Request.prototype;
  const responseP = win.Response.prototype;
  const wm = win.WeakMap.prototype;
  return {
    apply: R.apply,
    construct: R.construct,
    get: R.get,
    /** The Proxy constructor as it was at install (a page that replaces `Proxy` changes nothing). */
    Proxy: Proxy,
    defineProperty: R.defineProperty,
    getOwnPropertyDescriptor,
    getPrototypeOf,
    setPrototypeOf: R.setPrototypeOf,
    freeze: O.freeze,
    uncurry,
    now: win.Date.now,
    captureStackTrace: (win.Error as { captureStackTrace?: (e: object, fn?: Function) => void }).captureStackTrace,
    String: win.String,
    Promise: win.Promise,
    WeakMap: win.WeakMap,
    Uint8Array: win.Uint8Array,
    TypeError: win.TypeError,
    URL: win.URL,
    ReadableStream: RS,
    Response: win.Response,
    Headers: win.Headers,
    Request: win.Request,
    TextDecoder: win.TextDecoder,
    iterator: Symbol.iterator,
    rawThen: P.then,
    then: method<(p: Promise<unknown>, ok?: (v: never) => unknown, err?: (e: unknown) => unknown) => Promise<unknown>>(
      P,
      'then',
    ),
    wmGet: method<(m: WeakMap<object, unknown>, k: object) => unknown>(wm, 'get'),
    wmSet: method<(m: WeakMap<object, unknown>, k: object, v: unknown) => void>(wm, 'set'),
    wmHas: method<(m: WeakMap<object, unknown>, k: unknown) => boolean>(wm, 'has'),
    wmDelete: method<(m: WeakMap<object, unknown>, k: object) => boolean>(wm, 'delete'),
    strSlice: method<(s: string, a: number, b?: number) => string>(win.String.prototype, 'slice'),
    strLower: method<(s: string) => string>(win.String.prototype, 'toLowerCase'),
    strUpper: method<(s: string) => string>(win.String.prototype, 'toUpperCase'),
    strTrim: method<(s: string) => string>(win.String.prototype, 'trim'),
    strIndexOf: method<(s: string, sub: string, from?: number) => number>(win.String.prototype, 'indexOf'),
    fnToString: method<(f: unknown) => string>(F.prototype, 'toString'),
    byteLength: getter<(v: Uint8Array) => number>(TA, 'byteLength'),
    byteOffset: getter<(v: Uint8Array) => number>(TA, 'byteOffset'),
    bufferOf: getter<(v: Uint8Array) => ArrayBuffer>(TA, 'buffer'),
    taSet: method<(dst: Uint8Array, src: Uint8Array, at?: number) => void>(TA, 'set'),
    abByteLength: getter<(b: unknown) => number>(win.ArrayBuffer.prototype, 'byteLength'),
    isView: win.ArrayBuffer.isView,
    encode: method<(e: TextEncoder, s: string) => Uint8Array>(win.TextEncoder.prototype, 'encode'),
    decode: method<(d: TextDecoder, b?: Uint8Array, o?: TextDecodeOptions) => string>(
      win.TextDecoder.prototype,
      'decode',
    ),
    TextEncoder: win.TextEncoder,
    getReader: method<(s: ReadableStream, o?: unknown) => ReadableStreamDefaultReader<Uint8Array>>(
      RS.prototype,
      'getReader',
    ),
    byobReleaseLock: method<(r: ReadableStreamBYOBReader) => void>(
      getPrototypeOf(new RS({ type: 'bytes' }).getReader({ mode: 'byob' })) as object,
      'releaseLock',
    ),
    rsCancel: method<(s: ReadableStream, r?: unknown) => Promise<void>>(RS.prototype, 'cancel'),
    rsLocked: getter<(s: unknown) => boolean>(RS.prototype, 'locked'),
    read: method<(r: ReadableStreamDefaultReader<Uint8Array>) => Promise<ReadableStreamReadResult<Uint8Array>>>(
      getPrototypeOf(rsReader) as object,
      'read',
    ),
    readerCancel: method<(r: ReadableStreamDefaultReader<Uint8Array>, why?: unknown) => Promise<void>>(
      getPrototypeOf(rsReader) as object,
      'cancel',
    ),
    ctrlEnqueue: method<(c: ReadableByteStreamController, v: Uint8Array) => void>(ctrlP, 'enqueue'),
    ctrlClose: method<(c: ReadableByteStreamController) => void>(ctrlP, 'close'),
    ctrlError: method<(c: ReadableByteStreamController, e: unknown) => void>(ctrlP, 'error'),
    ctrlByobRequest: getter<(c: ReadableByteStreamController) => ReadableStreamBYOBRequest | null>(
      ctrlP,
      'byobRequest',
    ),
    byobRespond: method<(r: ReadableStreamBYOBRequest, n: number) => void>(
      win.ReadableStreamBYOBRequest?.prototype,
      'respond',
    ),
    portOnMessage: setter<(p: MessagePort, fn: (e: MessageEvent) => void) => void>(
      win.MessagePort?.prototype,
      'onmessage',
    ),
    portClose: method<(p: MessagePort) => void>(win.MessagePort?.prototype, 'close'),
    portPost: method<(p: MessagePort, m: unknown, t?: Iterable<Transferable>) => void>(
      win.MessagePort?.prototype,
      'postMessage',
    ),
    headersGet: method<(h: Headers, n: string) => string | null>(headersP, 'get'),
    headersForEach: method<(h: Headers, cb: (v: string, k: string) => void) => void>(headersP, 'forEach'),
    reqUrl: getter<(r: unknown) => string>(requestP, 'url'),
    reqMethod: getter<(r: Request) => string>(requestP, 'method'),
    reqHeaders: getter<(r: Request) => Headers>(requestP, 'headers'),
    reqSignal: getter<(r: Request) => AbortSignal>(requestP, 'signal'),
    reqBody: getter<(r: Request) => ReadableStream<Uint8Array> | null>(requestP, 'body'),
    reqBodyUsed: getter<(r: Request) => boolean>(requestP, 'bodyUsed'),
    reqClone: method<(r: Request) => Request>(requestP, 'clone'),
    resUrl: getter<(r: Response) => string>(responseP, 'url'),
    resRedirected: getter<(r: Response) => boolean>(responseP, 'redirected'),
    resType: getter<(r: Response) => ResponseType>(responseP, 'type'),
    resStatus: getter<(r: Response) => number>(responseP, 'status'),
    resStatusText: getter<(r: Response) => string>(responseP, 'statusText'),
    resHeaders: getter<(r: Response) => Headers>(responseP, 'headers'),
    resBody: getter<(r: Response) => ReadableStream<Uint8Array> | null>(responseP, 'body'),
    resBodyUsed: getter<(r: Response) => boolean>(responseP, 'bodyUsed'),
    resClone: method<(r: Response) => Response>(responseP, 'clone'),
    urlHref: getter<(u: URL) => string>(win.URL.prototype, 'href'),
    EventTargetProto: win.EventTarget.prototype as object,
    eventType: getter<(e: Event) => string>(win.Event?.prototype, 'type'),
    messageData: getter<(e: Event) => unknown>(win.MessageEvent?.prototype, 'data'),
    messageLastEventId: getter<(e: Event) => string>(win.MessageEvent?.prototype, 'lastEventId'),
    addListener: method<(t: EventTarget, type: string, fn: (e: Event) => void, o?: unknown) => void>(
      win.EventTarget.prototype,
      'addEventListener',
    ),
    blobSize: getter<(b: unknown) => number>(win.Blob?.prototype, 'size'),
    blobText: method<(b: Blob) => Promise<string>>(win.Blob?.prototype, 'text'),
    formDataHas: method<(f: unknown, n: string) => boolean>(win.FormData?.prototype, 'has'),
    searchParamsText: method<(u: unknown) => string>(win.URLSearchParams?.prototype, 'toString'),
    baseURI: getter<(n: unknown) => string>(win.Node?.prototype, 'baseURI'),
  };
}

export type Intrinsics = ReturnType<typeof captureIntrinsics>;
