// The replay tests' common start: a tap installed on a fake window with its private
// replay-control channel in hand, and the arm message they send through it.
import { installTap } from './install-tap.js';
import { collector, type FakeTapWindow } from './fake-window.test-helper.js';

export interface ReplayRig {
  readonly c: ReturnType<typeof collector>;
  readonly send: (m: Record<string, unknown>) => void;
  readonly undo: () => void;
}

export function installWithControl(win: FakeTapWindow): ReplayRig {
  const c = collector();
  let control: ((d: unknown) => void) | undefined;
  const undo = installTap(win, c.emit, { onReplayControl: (fn) => (control = fn) });
  return { c, send: (m) => control?.(m), undo };
}

/** A replay-arm for `runs`, every option at its default unless `over` sets it. */
export function armMessage(runs: readonly unknown[], over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'replay-arm',
    armId: 'a1',
    ttlMs: 60_000,
    pattern: '',
    rewriteIds: true,
    step: false,
    runs,
    ...over,
  };
}
