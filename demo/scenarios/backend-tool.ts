import type { AGUIEvent, RunAgentInput } from '@ag-ui/core';
import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted, textMessage, toolCall, toolResult } from './build-events.js';

export const backendTool: Scenario = {
  name: 'backend-tool',
  title: 'Backend tool with an in-stream result',
  description: 'The agent calls its own get_weather tool and answers it in the same run with TOOL_CALL_RESULT.',
  prompt: 'What is the weather in Lisbon?',
  transport: 'sse',
  verdict: 'accepted',
  events: (input) => weatherRun(input, 'celsius', 21, 'It is 21 °C and clear in Lisbon right now.'),
};

/** The get_weather round trip, answered in the stream; the Fahrenheit scenario varies the unit. */
export function weatherRun(input: RunAgentInput, unit: string, temperature: number, answer: string): AGUIEvent[] {
  const id = idsFor(input);
  return [
    runStarted(input),
    ...textMessage(id('m1'), 'Let me check the weather service for Lisbon.'),
    ...toolCall(id('call-weather'), 'get_weather', { city: 'Lisbon', unit }, id('m1')),
    toolResult(id('tool-1'), id('call-weather'), { city: 'Lisbon', temperature, sky: 'clear' }),
    ...textMessage(id('m2'), answer),
    runFinished(input, { type: 'success' }),
  ];
}
