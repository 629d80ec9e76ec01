import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted, textMessage, toolCall, toolResult } from './build-events.js';

export const backendTool: Scenario = {
  name: 'backend-tool',
  title: 'Backend tool with an in-stream result',
  description: 'The agent calls its own get_weather tool and answers it in the same run with TOOL_CALL_RESULT.',
  prompt: 'What is the weather in Lisbon?',
  transport: 'sse',
  verdict: 'accepted',
  events: (input) => {
    const id = idsFor(input);
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'Let me check the weather service for Lisbon.'),
      ...toolCall(id('call-weather'), 'get_weather', { city: 'Lisbon', unit: 'celsius' }, id('m1')),
      toolResult(id('tool-1'), id('call-weather'), { city: 'Lisbon', temperature: 21, sky: 'clear' }),
      ...textMessage(id('m2'), 'It is 21 °C and clear in Lisbon right now.'),
      runFinished(input, { type: 'success' }),
    ];
  },
};
