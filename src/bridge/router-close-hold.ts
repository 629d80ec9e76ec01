// A closing tab unloads its documents, whose relays end their open streams 'navigated'
// (a relay cannot tell a close from a navigation). Chrome's tab removal can arrive just
// before or just after those ends: the router holds each such end for a moment, and
// relabels it 'tab-closed' if the tab is (or turns out to be) closing.
import { envelope } from './messages.js';

export const CLOSE_WINDOW_MS = 500;

export interface CloseHold {
  /** A relay's 'navigated' stream end (`msg` inside the envelope `raw`): sent now or later. */
  end(raw: unknown, msg: Readonly<Record<string, unknown>>): void;
  /** The tab was removed: what is held goes out relabelled, and so does anything later. */
  tabClosed(): void;
  dispose(): void;
}

export interface CloseHoldDeps {
  /** To every panel of the tab. */
  readonly send: (raw: unknown) => void;
  readonly setTimer: (fn: () => void, ms: number) => unknown;
  readonly clearTimer: (h: unknown) => void;
}

export function createCloseHold(deps: CloseHoldDeps): CloseHold {
  let closed = false;
  const held: { raw: unknown; msg: Readonly<Record<string, unknown>>; timer: unknown }[] = [];
  const relabelled = (msg: Readonly<Record<string, unknown>>) => envelope({ ...msg, reason: 'tab-closed' });
  return {
    end(raw, msg) {
      if (closed) return deps.send(relabelled(msg));
      const entry = { raw, msg, timer: undefined as unknown };
      entry.timer = deps.setTimer(() => {
        const i = held.indexOf(entry);
        if (i < 0) return;
        held.splice(i, 1);
        deps.send(raw);
      }, CLOSE_WINDOW_MS);
      held.push(entry);
    },
    tabClosed() {
      closed = true;
      for (const h of held.splice(0)) {
        deps.clearTimer(h.timer);
        deps.send(relabelled(h.msg));
      }
    },
    dispose() {
      for (const h of held.splice(0)) deps.clearTimer(h.timer);
    },
  };
}
