// The relay's base64 encoder for the JSON runtime ports: the platform's btoa, because the
// relay encodes every binary chunk it forwards and btoa is about twice as fast as the
// core's plain-TypeScript encoder on a 512 KB chunk (which cannot call btoa: the core uses
// no browser API). Same alphabet and padding as src/core/io/base64.ts, whose decoder reads
// it back (port-transport.test.ts checks both ways). Builds the binary string in slices:
// String.fromCharCode.apply on a whole 512 KB chunk would overflow the argument limit.
const SLICE = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += SLICE) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + SLICE) as unknown as number[]);
  }
  return btoa(bin);
}
