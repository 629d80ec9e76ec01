// The rule catalogue as data: every rule the engine can report, family by family. Kept
// in step with docs/rules.md by catalogue.test.ts (ids are a public contract).
import type { RuleInfo } from '../findings.js';
import { A2UI_RULES } from './a2ui.js';
import { CLIENT_ADJUSTMENT_RULES } from './client-adjustments.js';
import { RUN_IDENTITY_RULES } from './run-identity.js';
import { RUN_OUTCOME_RULES } from './run-outcome.js';
import { INTERRUPT_RESUME_RULES } from './interrupt-resume.js';
import { SNAPSHOT_TOOL_RULES } from './snapshot-tools.js';
import { FRONTEND_NEXT_RULES } from './frontend-next.js';
import { FRONTEND_TOOLS_RULES } from './frontend-tools.js';
import { MESSAGE_CHUNK_RULES } from './message-chunk.js';
import { RUNS_TRANSPORT_RULES } from './runs-transport.js';
import { STATE_PATCH_RULES } from './state-patches.js';
import { STEPS_REASONING_RULES } from './steps-reasoning.js';
import { TEXT_MESSAGE_RULES } from './text-messages.js';
import { TOOL_CALL_ARGS_RULES } from './tool-call-args.js';
import { TOOL_CALL_CHUNK_RULES } from './tool-call-chunk.js';
import { TOOL_CALL_REOPEN_RULES } from './tool-call-reopen.js';
import { TOOL_CALL_STREAMING_RULES } from './tool-call-streaming.js';
import { TOOL_RESULTS_RULES } from './tool-results.js';
import { TRANSPORT_FAILURE_RULES } from './transport.js';
import { TIMING_RULES } from './timing.js';
import { CAPTURE_RULES } from './capture.js';

export const RULES = [
  ...TOOL_CALL_STREAMING_RULES,
  ...TOOL_CALL_REOPEN_RULES,
  ...TOOL_CALL_ARGS_RULES,
  ...TOOL_CALL_CHUNK_RULES,
  ...TOOL_RESULTS_RULES,
  ...FRONTEND_TOOLS_RULES,
  ...SNAPSHOT_TOOL_RULES,
  ...FRONTEND_NEXT_RULES,
  ...RUNS_TRANSPORT_RULES,
  ...TEXT_MESSAGE_RULES,
  ...STEPS_REASONING_RULES,
  ...MESSAGE_CHUNK_RULES,
  ...STATE_PATCH_RULES,
  ...CLIENT_ADJUSTMENT_RULES,
  ...RUN_IDENTITY_RULES,
  ...RUN_OUTCOME_RULES,
  ...INTERRUPT_RESUME_RULES,
  ...TRANSPORT_FAILURE_RULES,
  ...TIMING_RULES,
  ...A2UI_RULES,
  ...CAPTURE_RULES,
] as const satisfies readonly RuleInfo[];

/** Every id the engine can report: emitting any other does not compile. */
export type RuleId = (typeof RULES)[number]['id'];

const BY_ID: ReadonlyMap<string, RuleInfo> = new Map(RULES.map((rule) => [rule.id, rule]));

export function ruleById(id: string): RuleInfo | undefined {
  return BY_ID.get(id);
}

/** The catalogue entry of an id the engine emits (always present: the union says so). */
export function ruleOf(id: RuleId): RuleInfo {
  return BY_ID.get(id) as RuleInfo;
}
