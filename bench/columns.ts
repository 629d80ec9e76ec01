// Why the event table keeps its per-event numbers in blocks (src/core/reduce/event-table.ts):
// four number arrays filled one event at a time, as plain growing arrays against blocks
// of BLOCK events each. In Node 20's V8 a push onto an array past ~20k elements costs far
// more than one onto a small array; this prints both, in ns per event, at a few sizes.
//   npx tsx bench/run.ts bench/columns.ts
import { BLOCK } from '../src/core/reduce/event-table.js';

function plain(n: number): number {
  const starts: number[] = [];
  const ends: number[] = [];
  const times: number[] = [];
  const types: number[] = [];
  for (let i = 0; i < n; i++) {
    starts.push(i * 100);
    ends.push(i * 100 + 90);
    times.push(1.7e12 + i);
    types.push(i & 7);
  }
  return starts.length + ends.length + times.length + types.length;
}

interface Block {
  starts: number[];
  ends: number[];
  times: number[];
  types: number[];
}

function blocked(n: number): number {
  const blocks: Block[] = [];
  let block: Block | undefined;
  for (let i = 0; i < n; i++) {
    if (block === undefined || block.starts.length === BLOCK) {
      block = { starts: [], ends: [], times: [], types: [] };
      blocks.push(block);
    }
    block.starts.push(i * 100);
    block.ends.push(i * 100 + 90);
    block.times.push(1.7e12 + i);
    block.types.push(i & 7);
  }
  return blocks.length;
}

function nsPerEvent(fill: (n: number) => number, n: number): number {
  for (let w = 0; w < 5; w++) fill(n);
  const rounds = Math.max(3, Math.round(3e6 / n));
  const start = performance.now();
  for (let r = 0; r < rounds; r++) fill(n);
  return ((performance.now() - start) * 1e6) / (rounds * n);
}

for (const n of [1_000, 10_000, 100_000]) {
  const p = nsPerEvent(plain, n);
  const b = nsPerEvent(blocked, n);
  console.log(
    `${String(n).padStart(7)} events: plain ${p.toFixed(1)} ns/event, blocked ${b.toFixed(1)} ns/event (plain/blocked ${(p / b).toFixed(2)}x)`,
  );
}
