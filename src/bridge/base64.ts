// Bytes to base64 for the JSON runtime ports. Runs in the relay (isolated world), not in
// the page's read path. Builds the binary string in slices: String.fromCharCode.apply
// on a whole 512 KB chunk would overflow the argument limit.
const SLICE = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += SLICE) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + SLICE) as unknown as number[]);
  }
  return btoa(bin);
}

export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
