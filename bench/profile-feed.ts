// A profiling target: feeds a generated session through ours, in network pieces or one
// event per appendBytes call (`live`). Run with node --cpu-prof (see profile-summary.ts).
//   BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npx tsx bench/run.ts bench/profile-feed.ts [events=100000] [pieces|live]
// (bundled as the product ships: see bench/run.ts for why not through tsx)
import { feedOurs } from './feed-ours.js';
import { generateSession } from './session-gen.js';

const events = Number(process.argv[2] ?? 100_000);
const mode = process.argv[3] ?? 'pieces';
const session = generateSession(events);
const start = performance.now();
const inspector = mode === 'live' ? feedOurs(session.bytes, 'events') : feedOurs(session.bytes);
const ms = performance.now() - start;
console.log(
  `${mode}: ${session.events} events in ${ms.toFixed(0)} ms (${Math.round(session.events / (ms / 1000))} ev/s), findings=${inspector.model.findings.length}`,
);
