// A derivation of records the core updates in place (a live run, the session model): the
// object stays the same while it grows, so its identity cannot say when to derive again —
// its revision fields (`version`, `lastEvent`, a count) can. The hooks lint sees only that
// `derive` does not read those fields by name; this is the one place that tells it why.
import { useMemo } from 'preact/hooks';

/** `derive()` again only when a value of `revision` changed (compared as useMemo does). */
export function useRevised<T>(derive: () => T, revision: readonly unknown[]): T {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `revision` names what `derive` reads in place
  return useMemo(derive, revision);
}
