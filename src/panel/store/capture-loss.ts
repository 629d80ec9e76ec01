// Loss reports arrive as cumulative totals per source (a relay per document, a tap per
// frame, the one DevTools hand-off): keep the latest per source and show their sums.
import type { CaptureHealth, LossCount } from './health.js';

export interface LossBook {
  /** Record the latest cumulative total of one source; returns the health with new sums. */
  set(h: CaptureHealth, where: 'page' | 'relay' | 'handoff', source: string, total: LossCount): CaptureHealth;
  clear(): void;
}

export function createLossBook(): LossBook {
  const books = {
    page: new Map<string, LossCount>(),
    relay: new Map<string, LossCount>(),
    handoff: new Map<string, LossCount>(),
  };
  const sum = (m: Map<string, LossCount>): LossCount => {
    let messages = 0;
    let bytes = 0;
    for (const l of m.values()) {
      messages += l.messages;
      bytes += l.bytes;
    }
    return { messages, bytes };
  };
  return {
    set(h, where, source, total) {
      books[where].set(source, total);
      const loss = { ...h.loss, [where]: sum(books[where]) };
      return { ...h, loss, dropped: loss.page.messages + loss.relay.messages + loss.handoff.messages };
    },
    clear() {
      for (const m of Object.values(books)) m.clear();
    },
  };
}
