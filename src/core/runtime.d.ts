// The core runs in Node (CLI), a DevTools page and tests. It may use only what every
// JavaScript runtime has; the WHATWG text codecs are in all of them but in no ES lib,
// so they are declared here instead of pulling in the DOM or Node typings.
interface TextDecoderOptions {
  fatal?: boolean;
  ignoreBOM?: boolean;
}
interface TextDecodeOptions {
  stream?: boolean;
}
declare class TextDecoder {
  constructor(label?: string, options?: TextDecoderOptions);
  readonly encoding: string;
  decode(input?: Uint8Array, options?: TextDecodeOptions): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
