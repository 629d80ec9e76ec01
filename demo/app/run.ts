import { findScenario } from '../scenarios/index.js';
import { runWithHttpAgent, type RunResult } from './run-agent.js';
import { runWithEventSource } from './run-eventsource.js';
import { errorText, resetRun, runState, statusText } from './state.js';

/** Runs a scenario by name over the transport it names; the UI follows the signals. */
export async function runScenario(name: string): Promise<RunResult> {
  const scenario = findScenario(name);
  resetRun();
  if (!scenario) {
    errorText.value = `Unknown scenario: ${name}`;
    runState.value = 'error';
    statusText.value = 'Failed.';
    return { ok: false, runs: 0, error: errorText.value };
  }
  const base = location.origin;
  return scenario.transport === 'eventsource' ? runWithEventSource(base, name) : runWithHttpAgent(scenario, base);
}
