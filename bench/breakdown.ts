// Where the core's time goes, stage by stage, on the generated session: SSE framing +
// decode alone, + chunk expansion, the facade with a silent rule engine (reducer), and
// the whole core. Medians of process CPU time over REPS alternating rounds.
// Run: npx tsx bench/run.ts bench/breakdown.ts [events=100000] [piece=4096|events] [shape]
//   (bundled as it ships, as npm run bench does; see bench/run.ts)
//   shape: default | boundary | text | args (bench/session-gen.ts): which events dominate.
//   BENCH_GC=0: back-to-back rounds, without a full collection before each (a forced
//   collection discards optimized code, which V8 rebuilds every round on both sides).
import { createChunkExpander } from '../src/core/expand/chunks.js';
import { createSseDecoder } from '../src/core/framing/sse.js';
import { createInspector } from '../src/core/pipeline/create-inspector.js';
import { createSilentRuleEngine } from '../src/core/pipeline/deps.js';
import type { Inspector } from '../src/core/inspector.js';
import { eventEnds, feedOurs } from './feed-ours.js';
import { referenceReceive } from './reference-client.js';
import { generateSession, SESSION_SHAPES } from './session-gen.js';
import { cpuMs } from './cpu.js';
import { median } from './paired.js';

const events = Number(process.argv[2] ?? 100_000);
const pieceArg = process.argv[3] ?? '4096';
const REPS = Number(process.env['BENCH_REPS'] ?? 5);
const shapeName = process.argv[4] ?? 'default';
if (!(shapeName in SESSION_SHAPES))
  throw new Error(`unknown shape ${shapeName}: ${Object.keys(SESSION_SHAPES).join(', ')}`);
const session = generateSession(events, SESSION_SHAPES[shapeName as keyof typeof SESSION_SHAPES]);
const bytes = session.bytes;
const pieces: [number, number][] = [];
if (pieceArg === 'events') {
  let from = 0;
  for (const end of eventEnds(bytes)) pieces.push([from, (from = end)]);
} else {
  const n = Number(pieceArg);
  for (let i = 0; i < bytes.length; i += n) pieces.push([i, Math.min(bytes.length, i + n)]);
}

const stages: Record<string, () => unknown> = {
  framing: () => {
    const d = createSseDecoder('s');
    let n = 0;
    for (const [a, b] of pieces) n += d.push(bytes.subarray(a, b), a).length;
    return n + d.end(bytes.length).length;
  },
  // The same, keeping every decoded event alive as the model does: the difference is the
  // cost of retention (the young generation copies what survives).
  'framing+keep': () => {
    const d = createSseDecoder('s');
    const kept: unknown[] = [];
    for (const [a, b] of pieces) for (const raw of d.push(bytes.subarray(a, b), a)) kept.push(raw);
    return kept;
  },
  'framing+expand': () => {
    const d = createSseDecoder('s');
    const x = createChunkExpander();
    let n = 0;
    for (const [a, b] of pieces) for (const raw of d.push(bytes.subarray(a, b), a)) n += x.expand(raw).events.length;
    return n;
  },
  'facade-no-rules': () => {
    const insp: Inspector = createInspector({ deps: { createRuleEngine: createSilentRuleEngine } });
    insp.openStream({
      streamId: 'bench',
      transport: 'fetch',
      encoding: 'sse',
      url: 'http://agent.test/run',
      method: 'POST',
      requestHeaders: {},
      status: 200,
      contentType: 'text/event-stream',
      startedAt: 0,
    });
    for (const [a, b] of pieces) insp.appendBytes('bench', bytes.subarray(a, b), a);
    insp.endStream('bench', { reason: 'complete', t: bytes.length });
    return insp.model;
  },
  full: () => feedOurs(bytes, pieceArg === 'events' ? 'events' : Number(pieceArg)),
  // The yardstick of core.throughput, timed in the same rounds: each stage's ratio against
  // it shows how much of the goal a stage leaves (a stage at 1.2x alone leaves nothing).
  reference: () => referenceReceive(bytes, pieceArg === 'events' ? 4096 : Number(pieceArg)),
};

const gc = process.env['BENCH_GC'] === '0' ? undefined : (globalThis as { gc?: () => void }).gc;
// Warm up as bench/run.ts does: one pass is not enough for the optimizing tier to settle.
for (let w = 0; w < 3; w++) for (const fn of Object.values(stages)) fn();
const times: Record<string, number[]> = {};
for (let r = 0; r < REPS; r++) {
  for (const [name, fn] of Object.entries(stages)) {
    gc?.();
    const start = cpuMs();
    fn();
    (times[name] ??= []).push(cpuMs() - start);
  }
}
console.log(
  `events=${session.events} runs=${session.runs} shape=${shapeName} pieces=${pieces.length} (${pieceArg}) ${gc ? 'collected before each round' : 'back-to-back rounds'}`,
);
const referenceMs = median(times['reference'] ?? []);
for (const [name, ms] of Object.entries(times)) {
  const m = median(ms);
  console.log(
    `${name.padEnd(16)} ${m.toFixed(0).padStart(6)} ms  ${((m * 1000) / session.events).toFixed(2).padStart(7)} µs/event  ${Math.round(session.events / (m / 1000)).toLocaleString('en-US')} ev/s  ${(referenceMs / m).toFixed(2)}x the reference`,
  );
}
