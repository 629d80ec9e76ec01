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
import { replayParts, type ReplayHost } from './replay-parts.js';
import type { Armed, ReplayWindow, TapRun } from './replay-state.js';
import { armAnswersUrl } from './replay-url.js';
import { runInputs } from './replay-input.js';

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

export function createXhrReplay(host: ReplayHost, win: XhrReplayWindow & Partial<ReplayWindow>): XhrReplay | undefined {
  const { ctx, proto, state } = host;
  const { I, S } = ctx;
  const PE = win.ProgressEvent;
  const EventC = win.Event;
  const setT = win.setTimeout;
  const parse = win.JSON?.parse;
  const stringify = win.JSON?.stringify;
  if (!PE || !EventC || !setT || !win.clearTimeout || !parse || !stringify) return undefined;
  const { dispatch, strOps, fakes, fakeOf, accessor, method, play } = replayParts<Fake>(host, setT, win.clearTimeout);
  const rtDesc = I.getOwnPropertyDescriptor(proto, 'responseType');
  const responseType = rtDesc?.get ? (I.uncurry(rtDesc.get) as (x: unknown) => string) : () => '';
  const inputs = runInputs(I, parse, stringify);
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

  const start = (xhr: XMLHttpRequest, f: Fake, a: Armed, run: TapRun, ids: Uint8Array[] | undefined): void => {
    const { reader, dec, stop } = play(a, run, ids);
    let loaded = 0;
    f.stop = stop;
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
      const input = req.method === 'POST' ? inputs.input(req.body) : undefined;
      if (!sse && input === undefined) return false;
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
      const ids = a.rewriteIds && input !== undefined ? inputs.ids(input) : undefined;
      progress(xhr, 'loadstart', 0, 0);
      start(xhr, f, a, run, ids);
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
