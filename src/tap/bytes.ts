// Byte copies without species lookups (TypedArray slice/subarray read `constructor`,
// which the page can replace): fresh Uint8Arrays filled by the captured `set`.
import { LIMITS } from '../bridge/messages.js';
import type { Intrinsics } from './intrinsics.js';

/** With `each`, hands over copies of at most LIMITS.chunkBytes; returns one whole copy otherwise. */
export function copyBytes(I: Intrinsics, value: Uint8Array, n: number, each?: (part: Uint8Array) => void): Uint8Array {
  const buf = I.bufferOf(value);
  const off = I.byteOffset(value);
  const step = each ? LIMITS.chunkBytes : n;
  let last: Uint8Array = new I.Uint8Array(0);
  for (let i = 0; i < n; i += step) {
    const len = n - i < step ? n - i : step;
    last = new I.Uint8Array(len);
    I.taSet(last, new I.Uint8Array(buf, off + i, len));
    if (each) each(last);
  }
  return last;
}

/** Views (no copy) of at most LIMITS.chunkBytes over `value`, for a consumer that copies at once. */
export function viewBytes(I: Intrinsics, value: Uint8Array, n: number, each: (part: Uint8Array) => void): void {
  const buf = I.bufferOf(value);
  const off = I.byteOffset(value);
  for (let i = 0; i < n; i += LIMITS.chunkBytes)
    each(new I.Uint8Array(buf, off + i, n - i < LIMITS.chunkBytes ? n - i : LIMITS.chunkBytes));
}
