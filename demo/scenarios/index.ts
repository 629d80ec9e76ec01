// The scenario registry: order is the order of the app's picker.
import type { Scenario } from './types.js';
import { backendTool } from './backend-tool.js';
import { backendToolFahrenheit } from './backend-tool-fahrenheit.js';
import { frontendRoundTrip } from './frontend-round-trip.js';
import { parallelInterleaved } from './parallel-interleaved.js';
import { chunkedCalls } from './chunked-calls.js';
import { chunkNameConflict } from './chunk-name-conflict.js';
import { reopenClean } from './reopen-clean.js';
import { reopenRenamed } from './reopen-renamed.js';
import { misroutedArgs } from './misrouted-args.js';
import { subagentCalls } from './subagent-calls.js';
import { cutOff } from './cut-off.js';
import { protobuf } from './protobuf.js';
import { eventsource } from './eventsource.js';
import { longSession } from './long-session.js';
import { sharedState } from './shared-state.js';

export type { Scenario, ScenarioTransport } from './types.js';
export { FRONTEND_TOOLS } from './frontend-round-trip.js';

export const SCENARIOS: readonly Scenario[] = [
  backendTool,
  backendToolFahrenheit,
  frontendRoundTrip,
  parallelInterleaved,
  chunkedCalls,
  chunkNameConflict,
  reopenClean,
  reopenRenamed,
  misroutedArgs,
  subagentCalls,
  cutOff,
  protobuf,
  eventsource,
  longSession,
  sharedState,
];

export function findScenario(name: string | null | undefined): Scenario | undefined {
  return SCENARIOS.find((s) => s.name === name);
}
