// Runs in a Chromium page (bundled by bench/core-chromium.ts): the core.throughput and
// core.live measurements of bench/run.ts on the browser's own V8, where the panel runs
// and where the reference client runs inside an app.
import { eventEnds, feedOurs } from './feed-ours.js';
import { referenceReceive } from './reference-client.js';
import { generateSession } from './session-gen.js';

const PIECE = 4096;

function timedMs(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

export interface ThroughputRound {
  readonly events: number;
  readonly oursMs: number;
  readonly refMs: number;
}

function prepare(size: number) {
  const session = generateSession(size);
  const runs = feedOurs(session.bytes).model.runs.length;
  if (runs !== session.runs) throw new Error(`ours saw ${runs} runs, expected ${session.runs}`);
  return session;
}

let cached: ReturnType<typeof prepare> | undefined;

/** One alternating round: ours, then the reference, on the same 100k-event body. */
function throughputRound(): ThroughputRound {
  const session = (cached ??= prepare(100_000));
  const oursMs = timedMs(() => feedOurs(session.bytes, PIECE));
  const refMs = timedMs(() => referenceReceive(session.bytes, PIECE));
  return { events: session.events, oursMs, refMs };
}

/** Events per second of live ingest (one event per call) at a session size. */
function liveRound(size: number): number {
  const session = generateSession(size);
  const ends = eventEnds(session.bytes);
  const repeat = Math.max(1, Math.round(100_000 / session.events));
  const ms = timedMs(() => {
    for (let r = 0; r < repeat; r++) feedOurs(session.bytes, ends);
  });
  return (session.events * repeat) / (ms / 1000);
}

(globalThis as { coreBench?: unknown }).coreBench = { throughputRound, liveRound };
