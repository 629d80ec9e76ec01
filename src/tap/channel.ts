// The tap's transport in the page: a private MessageChannel. One window.postMessage at
// install hands port2 to the relay (transferred, with a source tag and a random nonce);
// afterwards everything travels on port1, which the page's message listeners never see.
// postMessage and MessageChannel are captured here, at document_start, before any page
// script could replace them.
import { PROTOCOL_VERSION, randomId, SOURCE, type TapHandshake } from '../bridge/messages.js';
import type { TapEmit } from './context.js';

export interface ChannelWindow {
  readonly MessageChannel: typeof MessageChannel;
  readonly crypto: Crypto;
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void;
}

export function createChannelEmitter(win: ChannelWindow): TapEmit {
  const post = win.postMessage;
  const channel = new win.MessageChannel();
  const handshake: TapHandshake = { source: SOURCE, v: PROTOCOL_VERSION, kind: 'tap-port', nonce: randomId(win.crypto) };
  // '*': the target is this same window; origin checks would fail on opaque origins
  // (sandboxed frames, about:blank) and the payload is only a port.
  Reflect.apply(post, win, [handshake, '*', [channel.port2]]);
  const port = channel.port1;
  const send = port.postMessage;
  return (msg, transfer) => {
    Reflect.apply(send, port, transfer ? [msg, transfer] : [msg]);
  };
}
