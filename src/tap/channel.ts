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
  readonly MessageChannel: typeof MessageChannel;
  readonly MessagePort: typeof MessagePort;
  readonly Function: FunctionConstructor;
  readonly crypto: Crypto;
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void;
}

type Send = (port: MessagePort, msg: unknown, transfer?: Iterable<Transferable>) => void;

export function createChannelEmitter(win: ChannelWindow): TapEmit {
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
  return (msg, transfer) => {
    if (transfer) send(port, msg, transfer);
    else send(port, msg);
  };
}
