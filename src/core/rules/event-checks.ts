// Which checks judge each event type: one row per check, the types it judges; a type's checks
// run in the order of the rows. The engine looks the event's type up here once per event
// (engine.ts onEvent); a type with no row is judged only by the run frame
// (run-lifecycle.ts beginEvent). shape-exemplar.test.ts holds every type here to the
// catalogue and to the exemplar session reaching it.
import { onA2uiActivity, onA2uiRunEnd, onA2uiToolEnd, onA2uiToolResult } from './a2ui.js';
import { atWith, type EventCheck } from './check-types.js';
import { checkSnapshotFabricated } from './frontend-tools.js';
import { arr, str } from './payload.js';
import { onRunFinished, seedOwners } from './run-lifecycle.js';
import { checkInterruptIds, checkUsage } from './run-outcome.js';
import { checkSnapshotCalls } from './snapshot-tools.js';
import { onActivityPatch, onStateEvent } from './state-patches.js';
import { onActivity, onReasoning, onStep, onSubagent } from './steps-reasoning.js';
import { onTextEvent } from './text-messages.js';
import { onToolArgs, onToolEnd, onToolStart } from './tool-call-streaming.js';
import { onToolResult } from './tool-results.js';

type Check = (c: EventCheck) => void;

function implicitEnd(c: EventCheck): void {
  if (c.event.synthesized !== 'implicit-end') return;
  const closer = c.event.closedBy ?? c.event.raw;
  c.out.add(
    'tool-call/chunk-implicit-end',
    `Chunk expansion closed '${str(c.p, 'toolCallId') ?? '?'}' here: ${closer.type || 'an event'} (#${closer.index}) ended the chunked call.`,
    atWith(c.at, { toolCallId: str(c.p, 'toolCallId') }),
  );
}

function snapshotOwners(c: EventCheck): void {
  seedOwners(c.run, arr(c.p, 'messages'), true, false);
}

function runFinished(c: EventCheck): void {
  checkUsage(c.event.type, c.p, c.at, c.out);
  checkInterruptIds(c.p, c.at, c.out);
  // A second terminal was reported as event-after-*; do not judge the run twice.
  if (c.run.phase === 'active') onRunFinished(c);
}

function runError(c: EventCheck): void {
  checkUsage(c.event.type, c.p, c.at, c.out);
  c.run.phase = 'errored';
}

const ROWS: readonly (readonly [Check, readonly string[]])[] = [
  [onToolStart, ['TOOL_CALL_START']],
  [onToolArgs, ['TOOL_CALL_ARGS']],
  [implicitEnd, ['TOOL_CALL_END']],
  [onToolEnd, ['TOOL_CALL_END']],
  [onToolResult, ['TOOL_CALL_RESULT']],
  [onTextEvent, ['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END']],
  [onStep, ['STEP_STARTED', 'STEP_FINISHED']],
  [
    onReasoning,
    [
      'REASONING_START',
      'REASONING_END',
      'REASONING_MESSAGE_START',
      'REASONING_MESSAGE_CONTENT',
      'REASONING_MESSAGE_END',
      'REASONING_ENCRYPTED_VALUE',
    ],
  ],
  [onActivity, ['ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA']],
  [onActivityPatch, ['ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA']],
  // After onActivityPatch: reads the content it left.
  [onA2uiActivity, ['ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA']],
  [onA2uiToolEnd, ['TOOL_CALL_END']],
  [onA2uiToolResult, ['TOOL_CALL_RESULT']],
  [onStateEvent, ['STATE_SNAPSHOT', 'STATE_DELTA']],
  [onSubagent, ['SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR']],
  [snapshotOwners, ['MESSAGES_SNAPSHOT']],
  [checkSnapshotCalls, ['MESSAGES_SNAPSHOT']],
  [checkSnapshotFabricated, ['MESSAGES_SNAPSHOT']],
  [onA2uiRunEnd, ['RUN_FINISHED', 'RUN_ERROR']],
  [runFinished, ['RUN_FINISHED']],
  [runError, ['RUN_ERROR']],
];

/** Event type → the checks that judge it, in the order of the rows. */
export const EVENT_CHECKS: ReadonlyMap<string, readonly Check[]> = checksByType(ROWS);

function checksByType(rows: typeof ROWS): Map<string, Check[]> {
  const byType = new Map<string, Check[]>();
  for (const [check, types] of rows) {
    for (const type of types) {
      const checks = byType.get(type);
      if (checks === undefined) byType.set(type, [check]);
      else checks.push(check);
    }
  }
  return byType;
}
