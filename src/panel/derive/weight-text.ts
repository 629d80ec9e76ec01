// The words the payload figures are read in, shared by the run's payload and its thread's.
import type { SnapshotWeight } from '../core-deps.js';

/** `part` as a share of `whole`, one decimal: "6.2 %". */
export const share = (part: number, whole: number): string =>
  whole === 0 ? '0 %' : `${((part / whole) * 100).toFixed(1)} %`;

/** A STATE_SNAPSHOT's size beside how much of it changed since the state before it. */
export function snapshotText(s: SnapshotWeight): string {
  const changed =
    s.changedBytes === undefined
      ? 'no state before it'
      : `${s.changedBytes} changed (${share(s.changedBytes, s.bytes)})`;
  return `${s.bytes} bytes · ${changed}`;
}
