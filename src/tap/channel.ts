// The tap's transport in the page: a private MessageChannel. One window.postMessage at
// install hands port2 to the relay (transferred, with a source tag and a random nonce);
// afterwards everything travels on port1, which the page's message listeners never see.
// postMessage, MessageChannel and MessagePort.prototype.postMessage are captured here, at
// document_start, before any page script could replace them; the port lives only in this
// closure and is only ever the receiver of the captured postMessage (a bound `call`, so
// no Reflect.apply, Function.prototype.call or port method is looked up at send time).
import { PROTOCOL_VERSION, randomId, SOURCE, type TapHandshake } from '../bridge/messages.js';
import type { TapEmit } from './context.js';

export interface ChannelWindow {
  readonly Reflect?: typeof Reflect;
  readonly MessageEvent?: typeof MessageEvent;
  readonly MessageChannel: typeof MessageChannel;
  readonly MessagePort: typeof MessagePort;
  readonly Function: FunctionConstructor;
  readonly crypto: Crypto;
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void;
}

type Send = (port: MessagePort, msg: unknown, transfer?: Iterable<Transferable>) => void;

/** `onControl` receives what the relay sends back on the port (replay controls only). */
export function createChannelEmitter(win: ChannelWindow, onControl?: (data: unknown) => void): TapEmit {
  const uncurry = win.Function.prototype.bind.bind(win.Function.prototype.call) as (fn: unknown) => unknown;
  const send = uncurry(win.MessagePort.prototype.postMessage) as Send;
  const post = uncurry(win.postMessage) as (w: unknown, m: unknown, origin: string, t: Transferable[]) => void;
  const channel = new win.MessageChannel();
  const handshake: TapHandshake = {
    source: SOURCE,
    v: PROTOCOL_VERSION,
    kind: 'tap-port',
    nonce: randomId(win.crypto),
  };
  // '*': the target is this same window; origin checks would fail on opaque origins
  // (sandboxed frames, about:blank) and the payload is only a port.
  post(win, handshake, '*', [channel.port2]);
  const port = channel.port1;
  if (onControl) listenOnPort(win, uncurry, port, onControl);
  return (msg, transfer) => {
    if (transfer) send(port, msg, transfer);
    else send(port, msg);
  };
}

// The setter and the data getter are captured now: a page that later replaces
// MessageEvent.prototype.data never learns that a control arrived.
function listenOnPort(
  win: ChannelWindow,
  uncurry: (fn: unknown) => unknown,
  port: MessagePort,
  onControl: (data: unknown) => void,
): void {
  const R = win.Reflect;
  const on = R?.getOwnPropertyDescriptor(win.MessagePort.prototype, 'onmessage')?.set;
  const data = win.MessageEvent ? R?.getOwnPropertyDescriptor(win.MessageEvent.prototype, 'data')?.get : undefined;
  if (!on || !data) return;
  const setOn = uncurry(on) as (p: MessagePort, fn: (e: MessageEvent) => void) => void;
  const dataOf = uncurry(data) as (e: MessageEvent) => unknown;
  setOn(port, (e) => {
    try {
      onControl(dataOf(e));
    } catch {
      // never into the page
    }
  });
}
