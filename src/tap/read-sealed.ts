// One read loop for the tap's own reads of a stream (the pass-through body's pulls, a
// Request clone's body): every read goes through the captured reader method and a sealed
// promise (./safe.ts), so a page that replaced Promise.prototype.then or the reader's
// methods neither stalls nor observes it.
import type { TapContext } from './context.js';

export interface SealedReads {
  /** A chunk; return true to read the next one at once. */
  value(v: Uint8Array | undefined): boolean;
  done(): void;
  /** `value` or `done` threw: ours, never the page's. */
  fault(err: unknown): void;
  /** The read itself rejected (the stream errored or was aborted). */
  error(err: unknown): void;
}

export function readSealed(
  ctx: Pick<TapContext, 'I' | 'S'>,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  on: SealedReads,
): void {
  const { I, S } = ctx;
  const step = (): void =>
    void S.then(
      I.read(reader),
      (r) => {
        try {
          if (r.done) on.done();
          else if (on.value(r.value)) step();
        } catch (err) {
          on.fault(err);
        }
      },
      (err: unknown) => on.error(err),
    );
  step();
}
