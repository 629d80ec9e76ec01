// `npx tsx bench/redact.ts`: redaction cost against linting the same file, both measured
// in this run on the generated 100k-event SSE body (bench/session-gen.ts). Printed as a
// ratio (redact CPU time / lint CPU time), medians of alternating rounds.
import { inspectBytes } from '../src/core/io/inspect-bytes.js';
import { redactFile } from '../src/core/io/redact/redact-file.js';
import { generateSession } from './session-gen.js';
import { timed } from './cpu.js';
import { median } from './paired.js';

const ROUNDS = Number(process.env['BENCH_REPS'] ?? 3);

const session = generateSession(100_000);
const lint: number[] = [];
const redact: number[] = [];
const hidden: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  lint.push(timed(() => inspectBytes('bench.sse', session.bytes)));
  redact.push(timed(() => redactFile('bench.sse', session.bytes, { hideLengths: false })));
  hidden.push(timed(() => redactFile('bench.sse', session.bytes, { hideLengths: true })));
}
const mb = session.bytes.length / 1e6;
const l = median(lint);
console.log(
  `redact  ${session.events} events, ${mb.toFixed(1)} MB: redact/lint ${(median(redact) / l).toFixed(2)}x, ` +
    `--hide-lengths/lint ${(median(hidden) / l).toFixed(2)}x (lint ${l.toFixed(0)} ms CPU, this run)`,
);
