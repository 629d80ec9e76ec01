// Which family checks judge each event type, one row per check: the engine looks the event's
// type up here once per event (engine.ts onEvent). A type with no row is judged only by the
// run frame (run-lifecycle.ts beginEvent). shape-exemplar.test.ts holds the exemplar session
// to reaching every type listed here.
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

function toolEnd(c: EventCheck): void {
  if (c.event.synthesized === 'implicit-end') {
    const closer = c.event.closedBy ?? c.event.raw;
    c.out.add(
      'tool-call/chunk-implicit-end',
      `Chunk expansion closed '${str(c.p, 'toolCallId') ?? '?'}' here: ${closer.type || 'an event'} (#${closer.index}) ended the chunked call.`,
      atWith(c.at, { toolCallId: str(c.p, 'toolCallId') }),
    );
  }
  onToolEnd(c);
}

function activity(c: EventCheck): void {
  onActivity(c);
  onActivityPatch(c);
}

function messagesSnapshot(c: EventCheck): void {
  seedOwners(c.run, arr(c.p, 'messages'), true, false);
  checkSnapshotCalls(c);
  checkSnapshotFabricated(c);
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
  [toolEnd, ['TOOL_CALL_END']],
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
  [activity, ['ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA']],
  [onStateEvent, ['STATE_SNAPSHOT', 'STATE_DELTA']],
  [onSubagent, ['SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR']],
  [messagesSnapshot, ['MESSAGES_SNAPSHOT']],
  [runFinished, ['RUN_FINISHED']],
  [runError, ['RUN_ERROR']],
];

/** Event type → the checks that judge it. */
export const EVENT_CHECKS: ReadonlyMap<string, Check> = new Map(
  ROWS.flatMap(([check, types]) => types.map((type) => [type, check] as const)),
);
