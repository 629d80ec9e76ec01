// What A2UI costs the core per event: a session of runs that each stream one surface as
// `a2ui-surface` ACTIVITY_SNAPSHOTs (as @ag-ui/a2ui-middleware sends them while the model's
// render_a2ui arguments arrive: the operations so far, growing), against a baseline of the
// same events and byte sizes whose content is not A2UI (the operations under another key and
// another activity type), so both pay the same decode, JSON parse and activity reduction and
// the difference is A2UI's: recognising the messages on each event, building and validating
// the surfaces (JSON Schema, catalogue, structure) at each run's end. Rounds alternate the
// two; the ratio is the median of the rounds' ratios (bench/paired.ts).
import { feedOurs } from './feed-ours.js';
import { cpuMs } from './cpu.js';
import { addRound, median, paired } from './paired.js';

const SNAPSHOTS_PER_RUN = 8;
const CATALOGUE = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

function components(upTo: number): object[] {
  const rows = Array.from({ length: upTo }, (_, i) => `row-${i}`);
  return [
    { id: 'root', component: 'Card', child: 'col' },
    { id: 'col', component: 'Column', children: rows },
    ...rows.map((id, i) => ({ id, component: 'Text', text: { path: `/rows/${i}/label` } })),
  ];
}

function operations(surfaceId: string, step: number): object[] {
  const rows = Array.from({ length: step + 1 }, (_, i) => ({ label: `Row ${i}: 21 °C` }));
  return [
    { version: 'v0.9', createSurface: { surfaceId, catalogId: CATALOGUE } },
    { version: 'v0.9', updateComponents: { surfaceId, components: components(step + 1) } },
    { version: 'v0.9', updateDataModel: { surfaceId, path: '/', value: { rows } } },
  ];
}

/** `a2ui`: A2UI surfaces; otherwise the same bytes (keys of equal length) that are not A2UI. */
export function a2uiSession(targetEvents: number, a2ui: boolean): { bytes: Uint8Array; events: number } {
  const frames: string[] = [];
  let t = 1_764_700_000_000;
  const emit = (e: object): void => {
    t += 7;
    frames.push(`data: ${JSON.stringify({ ...e, timestamp: t })}\n\n`);
  };
  let run = 0;
  while (frames.length < targetEvents) {
    const threadId = 'thread-0';
    const runId = `run-${run}`;
    emit({ type: 'RUN_STARTED', threadId, runId });
    const messageId = `a2ui-surface-${run}`;
    for (let step = 0; step < SNAPSHOTS_PER_RUN; step++) {
      const ops = operations(`surface-${run}`, step);
      emit({
        type: 'ACTIVITY_SNAPSHOT',
        messageId,
        // Same lengths either way: 'a2ui-surface' / 'plain-status', 'a2ui_operations' / 'list_operations'.
        activityType: a2ui ? 'a2ui-surface' : 'plain-status',
        content: a2ui ? { a2ui_operations: ops } : { list_operations: ops },
        replace: true,
      });
    }
    emit({ type: 'RUN_FINISHED', threadId, runId });
    run++;
  }
  return { bytes: new TextEncoder().encode(frames.join('')), events: frames.length };
}

export interface A2uiBench {
  readonly events: number;
  /** Median µs per event, A2UI session and baseline. */
  readonly a2uiUs: number;
  readonly baselineUs: number;
  /** Median of the rounds' a2ui / baseline ratios. */
  readonly ratio: number;
  readonly rounds: readonly number[];
  readonly findings: number;
}

export function runA2uiBench(targetEvents = 20_000, rounds = 7, warmup = 2): A2uiBench {
  const a2ui = a2uiSession(targetEvents, true);
  const base = a2uiSession(targetEvents, false);
  if (a2ui.bytes.length !== base.bytes.length) throw new Error('the baseline must weigh what the A2UI session weighs');
  // The surfaces are correct: any finding means the bench measures error paths, not the norm.
  const checked = feedOurs(a2ui.bytes).model;
  if (checked.findings.length > 0) throw new Error(`A2UI bench session has findings: ${checked.findings[0]?.rule}`);
  if (checked.runs[0]?.activities[0]?.activityType !== 'a2ui-surface') throw new Error('no a2ui-surface activity');
  for (let i = 0; i < warmup; i++) {
    feedOurs(a2ui.bytes);
    feedOurs(base.bytes);
  }
  const acc = paired('a2ui', 'base');
  const timed = (bytes: Uint8Array): number => {
    (globalThis as { gc?: () => void }).gc?.();
    const start = cpuMs();
    feedOurs(bytes);
    return cpuMs() - start;
  };
  for (let i = 0; i < rounds; i++) {
    // Alternate which goes first, so a round's warm caches favour neither.
    const first = i % 2 === 0 ? timed(a2ui.bytes) : timed(base.bytes);
    const second = i % 2 === 0 ? timed(base.bytes) : timed(a2ui.bytes);
    addRound(acc, i % 2 === 0 ? { a2ui: first, base: second } : { a2ui: second, base: first }, 'a2ui', 'base');
  }
  const us = (ms: readonly number[]) => (median(ms) * 1000) / a2ui.events;
  return {
    events: a2ui.events,
    a2uiUs: us(acc.a2ui),
    baselineUs: us(acc.base),
    ratio: median(acc.ratio),
    rounds: acc.ratio,
    findings: checked.findings.length,
  };
}
