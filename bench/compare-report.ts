// `npx tsx bench/compare-report.ts`: what Compare runs and Export bug report cost on a
// 100k-event session, each against a baseline measured in the same run on the same data:
// - compare two 50k-event runs (2,000 calls each, one argument changed in every call, long
//   text) / linting the session they come from;
// - building a redacted bug report's session and summary (export, read back, summarise) /
//   the plain session export.
// Printed as ratios of CPU time, medians of alternating rounds.
import { EventEncoder } from '@ag-ui/encoder';
import type { BaseEvent } from '@ag-ui/core';
import { createInspector } from '../src/core/pipeline/create-inspector.js';
import { feedCaptures } from '../src/core/io/feed.js';
import { inspectBytes } from '../src/core/io/inspect-bytes.js';
import { loadFile } from '../src/core/io/load-file.js';
import { exportRedacted, exportSession } from '../src/core/io/session-export.js';
import { RULES } from '../src/core/rules/index.js';
import { bugSummary } from '../src/panel/derive/bug-summary.js';
import { compareRuns } from '../src/panel/derive/compare/compare-runs.js';
import { findingsOfRun } from '../src/panel/derive/compare/run-findings.js';
import { timed } from './cpu.js';
import { median } from './paired.js';

const ROUNDS = Number(process.env['BENCH_REPS'] ?? 3);
const CALLS = 2_000;

/** Two big runs on one thread, in one SSE body; the second has `unit` changed in every call. */
function twoRuns(): Uint8Array {
  const enc = new EventEncoder();
  const parts: string[] = [];
  let t = 1_764_700_000_000;
  const emit = (e: Record<string, unknown>): void => {
    t += 3;
    parts.push(enc.encodeSSE({ timestamp: t, ...e } as unknown as BaseEvent));
  };
  for (const [runId, unit] of [
    ['run-a', 'celsius'],
    ['run-b', 'fahrenheit'],
  ] as const) {
    emit({ type: 'RUN_STARTED', threadId: 't', runId });
    emit({ type: 'TEXT_MESSAGE_START', messageId: `${runId}-m`, role: 'assistant' });
    for (let i = 0; i < 2_000; i++)
      emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: `${runId}-m`, delta: `token ${i % 97} ` });
    emit({ type: 'TEXT_MESSAGE_END', messageId: `${runId}-m` });
    for (let c = 0; c < CALLS; c++) {
      const id = `${runId}-c${c}`;
      emit({ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: `tool_${c % 13}` });
      const args = JSON.stringify({ city: `city-${c}`, unit, days: [1, 2, 3], note: 'x'.repeat(40) });
      for (let i = 0; i < args.length; i += 4)
        emit({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta: args.slice(i, i + 4) });
      emit({ type: 'TOOL_CALL_END', toolCallId: id });
      emit({ type: 'TOOL_CALL_RESULT', messageId: `${id}-r`, toolCallId: id, content: `{"ok":true,"n":${c}}` });
    }
    emit({ type: 'RUN_FINISHED', threadId: 't', runId });
  }
  return new TextEncoder().encode(parts.join(''));
}

const bytes = twoRuns();
const inspected = inspectBytes('bench.sse', bytes);
if (!inspected.ok) throw new Error(inspected.error);
const model = inspected.model;
const [ra, rb] = model.runs;
if (!ra || !rb) throw new Error('expected two runs');
const events = model.streams.reduce((n, s) => n + s.rawEvents.length, 0);
const rules = new Map(RULES.map((r) => [r.id, r]));
const options = { extensionVersion: 'bench', exportedAt: 1 };

const lint: number[] = [];
const compare: number[] = [];
const plain: number[] = [];
const report: number[] = [];
let differing = 0;
for (let r = 0; r < ROUNDS; r++) {
  lint.push(timed(() => inspectBytes('bench.sse', bytes)));
  compare.push(
    timed(() => {
      const c = compareRuns(
        { source: 'a', run: ra, findings: findingsOfRun(model.findings, ra) },
        { source: 'b', run: rb, findings: findingsOfRun(model.findings, rb) },
      );
      differing = c.differingCalls;
    }),
  );
  plain.push(timed(() => exportSession(model, options)));
  report.push(
    timed(() => {
      const text = exportRedacted(model, options).text;
      const loaded = loadFile('report.json', new TextEncoder().encode(text));
      const again = createInspector();
      if (loaded.ok) feedCaptures(again, loaded.captures);
      bugSummary({
        model: again.model,
        notes: [],
        rules,
        browser: 'bench',
        extensionVersion: 'bench',
        redaction: 'redacted',
        createdAt: 1,
      });
    }),
  );
}
const l = median(lint);
const p = median(plain);
console.log(
  `compare  2 runs × ${CALLS} calls (${events} events, ${differing} pairs differ): compare/lint ${(median(compare) / l).toFixed(3)}x ` +
    `(compare ${median(compare).toFixed(0)} ms, lint ${l.toFixed(0)} ms CPU, this run)`,
);
console.log(
  `bug report  redacted session + summary / plain export ${(median(report) / p).toFixed(2)}x ` +
    `(report ${median(report).toFixed(0)} ms, export ${p.toFixed(0)} ms CPU, this run)`,
);
