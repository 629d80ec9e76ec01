// XMLHttpRequest while a replay is armed. An asynchronous XHR whose send() is an AG-UI run
// request (Accept: text/event-stream, or a POST whose string body is a RunAgentInput; the
// URL pattern when set) with a text responseType is answered here from the recording: the
// native send is never called, so nothing reaches the network. The request object is the
// page's own native XHR; the prototype's readyState, status, statusText, responseText,
// response, responseURL, getResponseHeader, getAllResponseHeaders and abort answer for it
// (and call the natives for every other request), and the events a network answer fires
// are dispatched on it: loadstart, readystatechange (2, then 3 per piece, then 4),
// progress, load, loadend. Cancel is a network error (status 0, `error`); abort() is the
// native's abort sequence.
import type { ReplayedFrom } from '../bridge/messages.js';
import type { TapContext } from './context.js';
import { patchRun, playBody } from './replay-body.js';
import { replayParts } from './replay-parts.js';
import type { Armed, ReplayState, ReplayWindow } from './replay-state.js';
import { armAnswersUrl } from './replay-url.js';

export interface XhrReplayWindow {
  readonly ProgressEvent?: typeof ProgressEvent;
  readonly Event?: typeof Event;
  readonly DOMException?: typeof DOMException;
}

export interface XhrRequest {
  readonly method: string;
  readonly url: string;
  readonly accept: string;
  readonly body: string | undefined;
  readonly async: boolean;
}

interface Fake {
  readonly xhr: object;
  readonly url: string;
  readonly replayed: ReplayedFrom;
  readonly contentType: string;
  readyState: number;
  status: number;
  text: string;
  active: boolean;
  stop(): void;
}

export interface XhrReplay {
  /** True when the request is answered from the recording (the caller skips the native send). */
  send(xhr: XMLHttpRequest, a: Armed, req: XhrRequest): boolean;
  fake(xhr: unknown): Readonly<Fake> | undefined;
  /** open() starts a new request: the object is the native's again. */
  reset(xhr: unknown): void;
}

type AnyFn = (...args: never[]) => unknown;

export function createXhrReplay(
  ctx: TapContext,
  win: XhrReplayWindow & Partial<ReplayWindow>,
  proto: object,
  state: ReplayState,
  undo: (() => void)[],
): XhrReplay | undefined {
  const { I, S } = ctx;
  const PE = win.ProgressEvent;
  const EventC = win.Event;
  const setT = win.setTimeout;
  const parse = win.JSON?.parse;
  const stringify = win.JSON?.stringify;
  if (!PE || !EventC || !setT || !win.clearTimeout || !parse || !stringify) return undefined;
  const { pwin, dispatch, strOps, fakes, fakeOf } = replayParts<Fake>(ctx, setT, win.clearTimeout);
  const rtDesc = I.getOwnPropertyDescriptor(proto, 'responseType');
  const responseType = rtDesc?.get ? (I.uncurry(rtDesc.get) as (x: unknown) => string) : () => '';
  const own = (o: unknown, key: string): unknown => {
    if (typeof o !== 'object' || o === null) return undefined;
    const d = I.getOwnPropertyDescriptor(o, key);
    return d && 'value' in d ? d.value : undefined;
  };
  const isRunInput = (text: string | undefined): boolean => {
    if (text === undefined) return false;
    try {
      const v: unknown = parse(text);
      return typeof own(v, 'threadId') === 'string' && typeof own(v, 'runId') === 'string';
    } catch {
      return false;
    }
  };

  const wrapped = (fn: AnyFn, name: string, length: number, mine: (f: Fake, args: unknown[]) => unknown): AnyFn => {
    const w = ctx.mask(
      {
        [name](this: unknown, ...args: unknown[]): unknown {
          const f = fakeOf(this);
          if (f) return mine(f, args);
          try {
            return I.apply(fn, this, args);
          } catch (err) {
            S.hideFrames(err, w);
            throw err;
          }
        },
      }[name] as AnyFn,
      name,
      length,
    );
    return w;
  };
  const replace = (key: string, make: (d: PropertyDescriptor) => PropertyDescriptor): void => {
    const d = I.getOwnPropertyDescriptor(proto, key);
    if (!d) return;
    I.defineProperty(proto, key, S.bare(make(d)));
    undo[undo.length] = () => void I.defineProperty(proto, key, S.bare(d));
  };
  const accessor = (key: string, get: (f: Fake) => unknown): void =>
    replace(key, (d) =>
      d.get
        ? {
            get: wrapped(d.get as AnyFn, `get ${key}`, 0, get),
            set: d.set,
            enumerable: d.enumerable,
            configurable: d.configurable,
          }
        : d,
    );
  const method = (key: string, length: number, mine: (f: Fake, args: unknown[]) => unknown): void =>
    replace(key, (d) =>
      typeof d.value === 'function'
        ? {
            value: wrapped(d.value as AnyFn, key, length, mine),
            writable: d.writable,
            enumerable: d.enumerable,
            configurable: d.configurable,
          }
        : d,
    );
  accessor('readyState', (f) => f.readyState);
  accessor('status', (f) => f.status);
  accessor('statusText', () => '');
  accessor('responseText', (f) => f.text);
  accessor('response', (f) => f.text);
  accessor('responseURL', (f) => (f.readyState >= 2 && f.status !== 0 ? f.url : ''));
  const header = (f: Fake, name: unknown): string | null =>
    f.readyState >= 2 && f.status !== 0 && I.strLower(I.String(name)) === 'content-type' && f.contentType !== ''
      ? f.contentType
      : null;
  method('getResponseHeader', 1, (f, args) => header(f, args[0]));
  method('getAllResponseHeaders', 0, (f) =>
    f.readyState >= 2 && f.status !== 0 && f.contentType !== '' ? `content-type: ${f.contentType}\r\n` : '',
  );

  const progress = (xhr: object, type: string, loaded: number, total: number): void =>
    void dispatch(xhr, I.construct(PE, [type, S.bare({ lengthComputable: total > 0, loaded, total })]) as Event);
  const changed = (xhr: object): void => void dispatch(xhr, I.construct(EventC, ['readystatechange']) as Event);
  const fail = (xhr: object, f: Fake, type: 'error' | 'abort'): void => {
    if (!f.active) return;
    f.active = false;
    f.stop();
    f.readyState = 4;
    f.status = 0;
    f.text = '';
    changed(xhr);
    progress(xhr, type, 0, 0);
    progress(xhr, 'loadend', 0, 0);
  };
  method('abort', 0, (f) => {
    fail(f.xhr, f, 'abort');
    f.readyState = 0;
    return undefined;
  });

  const play = (xhr: XMLHttpRequest, f: Fake, a: Armed, run: ReturnType<ReplayState['take']>['run'], ids: unknown) => {
    const body = playBody(ctx, pwin, patchRun(ctx, run, ids as undefined), run.at, a.step);
    const reader = I.getReader(body.stream);
    const dec = new I.TextDecoder();
    let loaded = 0;
    f.stop = () => {
      try {
        S.then(
          I.readerCancel(reader),
          () => undefined,
          () => undefined,
        );
      } catch {
        // released
      }
    };
    state.setPlaying(
      S.bare({ armId: a.armId, release: body.release, cancel: () => body.fail(new I.TypeError('network error')) }),
    );
    const pump = (): void => {
      S.then(
        I.read(reader),
        (r) => {
          if (!f.active) return;
          if (r.done) {
            f.text = `${f.text}${I.decode(dec)}`;
            f.active = false;
            f.readyState = 4;
            changed(xhr);
            progress(xhr, 'load', loaded, 0);
            progress(xhr, 'loadend', loaded, 0);
            return;
          }
          loaded += I.byteLength(r.value);
          f.text = `${f.text}${I.decode(dec, r.value, S.bare({ stream: true }))}`;
          f.readyState = 3;
          changed(xhr);
          progress(xhr, 'progress', loaded, 0);
          pump();
        },
        () => fail(xhr, f, 'error'),
      );
    };
    setT(() => {
      try {
        if (!f.active) return;
        if (run.status === 0) return fail(xhr, f, 'error');
        f.status = run.status;
        f.readyState = 2;
        changed(xhr);
        pump();
      } catch {
        // never into the page
      }
    }, 0);
  };

  return {
    send(xhr, a, req) {
      if (!req.async) return false;
      const rt = responseType(xhr);
      if (rt !== '' && rt !== 'text') return false;
      if (!armAnswersUrl(req.url, a, strOps)) return false;
      const sse = I.strIndexOf(I.strLower(req.accept), 'text/event-stream') >= 0;
      const input = req.method === 'POST' && isRunInput(req.body);
      if (!sse && !input) return false;
      const { run, index } = state.take(a);
      const f: Fake = {
        xhr,
        url: req.url,
        replayed: S.bare({ source: run.source, armId: a.armId, index }),
        contentType: run.contentType,
        readyState: 1,
        status: 0,
        text: '',
        active: true,
        stop: () => undefined,
      };
      I.wmSet(fakes, xhr, f);
      let ids: unknown;
      if (a.rewriteIds && input) {
        const enc = new I.TextEncoder();
        const v = parse(req.body as string) as unknown;
        const lit = (k: string): Uint8Array => I.encode(enc, stringify(own(v, k)));
        ids = [lit('threadId'), lit('runId')];
      }
      progress(xhr, 'loadstart', 0, 0);
      play(xhr, f, a, run, ids);
      return true;
    },
    fake: fakeOf,
    reset(xhr) {
      const f = fakeOf(xhr);
      if (!f) return;
      f.active = false;
      f.stop();
      I.wmDelete(fakes, xhr as object);
    },
  };
}
