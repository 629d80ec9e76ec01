// In-page measurements for bench/panel.ts: import + first render of a large session,
// frame times while events stream in, and live ingest rate one message at a time.
import type { MemoryTransport } from '../../src/bridge/memory-transport.js';
import { encodeBase64 } from '../../src/core/io/base64.js';
import { importFile } from '../../src/panel/io/import-actions.js';
import type { PanelStore } from '../../src/panel/store/panel-store.js';
import { relayStream } from '../../src/panel/test-kit.js';
import { sessionEvents, sessionSse } from './session-events.js';

const frame = (): Promise<number> => new Promise((r) => requestAnimationFrame(r));
/** A full collection where the page was started with `--js-flags=--expose-gc` (bench/panel.ts). */
const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();
/** Messages arriving during one 60 fps frame at the 50k events/s ingest goal. */
const FRAME_AT_GOAL = Math.round(50_000 / 60);
const enc = new TextEncoder();

export type ChunkForm = 'bytes' | 'base64';

export interface FrameStats {
  readonly frames: number;
  readonly maxMs: number;
  readonly p95Ms: number;
  readonly over50: number;
  readonly events: number;
}

export function createHarnessBench(store: PanelStore, transport: MemoryTransport) {
  let nextStream = 0;
  return {
    /** Import `n` events as an SSE file and wait until the first frame shows lanes. */
    async importAndRender(n: number): Promise<{ ms: number; lanes: number; heapMb?: number }> {
      const bytes = enc.encode(sessionSse(n));
      store.clear();
      await frame();
      // The previous round's session is garbage now; collect it before the clock starts, or
      // whichever later import meets that collection pays for it (a fresh viewer has none).
      collectGarbage();
      const t0 = performance.now();
      importFile(store, 'bench.sse', bytes);
      await frame();
      const ms = performance.now() - t0;
      const lanes = document.querySelectorAll('[role="listbox"][aria-label="Timeline lanes"] [role="option"]').length;
      const mem = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return { ms, lanes, ...(mem ? { heapMb: mem.usedJSHeapSize / 1024 / 1024 } : {}) };
    },
    /**
     * With `n` events imported, open each view tab (every tab the panel shows, by its
     * accessible name) and time the click until the next frame has painted it.
     */
    async openViews(n: number): Promise<{ view: string; ms: number }[]> {
      store.clear();
      await frame();
      importFile(store, 'bench.sse', enc.encode(sessionSse(n)));
      await frame();
      await frame();
      const tabs = [...document.querySelectorAll<HTMLElement>('[role="tablist"][aria-label="Views"] [role="tab"]')];
      const times: { view: string; ms: number }[] = [];
      // Each view twice from another one, the slower reported: the first open pays its
      // derivations, the second shows whether they are cached.
      for (const tab of [...tabs.slice(1), tabs[0]!]) {
        let worst = 0;
        for (let round = 0; round < 2; round++) {
          const other = tab === tabs[0] ? tabs[1]! : tabs[0]!;
          other.click();
          await frame();
          const t0 = performance.now();
          tab.click();
          await frame();
          worst = Math.max(worst, performance.now() - t0);
        }
        times.push({ view: (tab.textContent ?? '').replace(/\s*\(.*\)$/, ''), ms: worst });
      }
      return times;
    },
    /**
     * Stream events at `rate`/s for `seconds` through the transport; record frame times.
     * `view`: the tab (by its id) shown while they stream.
     */
    async streamFrames(rate: number, seconds: number, view?: string): Promise<FrameStats> {
      store.clear();
      if (view !== undefined) document.getElementById(`tab-${view}`)?.click();
      store.capture.setRecording(true);
      await frame();
      const streamId = `bench-live-${nextStream++}`;
      const open = relayStream({ streamId }, [], false);
      for (const m of open) transport.deliver(m);
      const gen = sessionEvents();
      let seq = 1;
      let sent = 0;
      const frames: number[] = [];
      const start = performance.now();
      let last = start;
      while (performance.now() - start < seconds * 1000) {
        const now = await frame();
        frames.push(now - last);
        last = now;
        const due = Math.floor(((now - start) / 1000) * rate);
        for (; sent < due; sent++) {
          const e = gen.next().value as Record<string, unknown>;
          transport.deliver({
            kind: 'stream-chunk',
            streamId,
            seq: seq++,
            t: Date.now(),
            base64: encodeBase64(enc.encode(`data: ${JSON.stringify(e)}\n\n`)),
          });
        }
      }
      frames.shift();
      const sorted = [...frames].sort((a, b) => a - b);
      return {
        frames: frames.length,
        maxMs: sorted[sorted.length - 1] ?? 0,
        p95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
        over50: frames.filter((f) => f > 50).length,
        events: sent,
      };
    },
    /**
     * Events/s ingesting events that arrive one message each, on top of a session of
     * `size`. `perFlush`: messages the panel applies per flush. The panel flushes once per
     * animation frame, so at 50k events/s each frame (60 fps) applies ~833 of them; 1 is
     * the worst case of a flush per message. The median of `rounds`, each on a freshly
     * built session (one round is ~0.1 s, where one major GC swings the figure by half).
     * `form`: how each chunk travels. 'bytes' is what Chromium's panel receives (the
     * relay's Blobs, read back into one `bytes` chunk per captured piece); 'base64' is the
     * JSON-messaging fallback (Firefox).
     */
    async ingestRate(
      size: number,
      perFlush = FRAME_AT_GOAL,
      extra = 5000,
      rounds = 3,
      form: ChunkForm = 'bytes',
    ): Promise<{ size: number; eventsPerSec: number; rates: number[] }> {
      // One round first, not counted: the panel's steady state, as bench/run.ts warms up
      // (the first sizes measured would otherwise pay for compiling this path).
      await ingestRound(size, extra, perFlush, form);
      const rates: number[] = [];
      for (let r = 0; r < rounds; r++) rates.push(await ingestRound(size, extra, perFlush, form));
      const sorted = [...rates].sort((a, b) => a - b);
      return { size, eventsPerSec: sorted[Math.floor(sorted.length / 2)] ?? 0, rates };
    },
  };

  async function ingestRound(size: number, extra: number, perFlush: number, form: ChunkForm): Promise<number> {
    store.clear();
    store.capture.setRecording(true);
    await frame();
    const streamId = `bench-ingest-${nextStream++}`;
    for (const m of relayStream({ streamId }, [], false)) transport.deliver(m);
    const gen = sessionEvents();
    let seq = 1;
    const chunk = (): void => {
      const e = gen.next().value as Record<string, unknown>;
      store.capture.receive({
        kind: 'stream-chunk',
        streamId,
        seq: seq++,
        t: Date.now(),
        base64: encodeBase64(enc.encode(`data: ${JSON.stringify(e)}\n\n`)),
      });
    };
    for (let i = 0; i < size; i++) chunk();
    store.capture.flush(true);
    // Pre-encode so the measurement is the panel's ingest (decode + core apply), not JSON.
    const msgs = Array.from({ length: extra }, () => {
      const e = gen.next().value as Record<string, unknown>;
      const bytes = enc.encode(`data: ${JSON.stringify(e)}\n\n`);
      const head = { kind: 'stream-chunk' as const, streamId, seq: seq++, t: Date.now() };
      return form === 'bytes' ? { ...head, bytes } : { ...head, base64: encodeBase64(bytes) };
    });
    // Building the session in one burst left garbage that a panel fed over minutes would
    // have collected long ago; collect it now, or the ~20 ms round that meets that major
    // collection reads as half the rate (rounds of one run ranged 100k–357k events/s).
    collectGarbage();
    const t0 = performance.now();
    let pending = 0;
    for (const m of msgs) {
      // Through the transport, as port messages arrive (subscriber → store.capture.receive).
      transport.deliver(m);
      if (++pending >= perFlush) {
        store.capture.flush(true);
        pending = 0;
      }
    }
    store.capture.flush(true);
    const ms = performance.now() - t0;
    return Math.round((extra / ms) * 1000);
  }
}
