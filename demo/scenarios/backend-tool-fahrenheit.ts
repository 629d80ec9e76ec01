import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted, textMessage, toolCall, toolResult } from './build-events.js';

/** The backend-tool run again with one argument changed: a pair for the panel's Compare runs. */
export const backendToolFahrenheit: Scenario = {
  name: 'backend-tool-fahrenheit',
  title: 'Backend tool again, in Fahrenheit',
  description:
    'The same get_weather call as the backend tool scenario with one argument changed (unit: fahrenheit): compare the two runs.',
  prompt: 'What is the weather in Lisbon, in Fahrenheit?',
  transport: 'sse',
  verdict: 'accepted',
  events: (input) => {
    const id = idsFor(input);
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'Let me check the weather service for Lisbon.'),
      ...toolCall(id('call-weather'), 'get_weather', { city: 'Lisbon', unit: 'fahrenheit' }, id('m1')),
      toolResult(id('tool-1'), id('call-weather'), { city: 'Lisbon', temperature: 70, sky: 'clear' }),
      ...textMessage(id('m2'), 'It is 70 °F and clear in Lisbon right now.'),
      runFinished(input, { type: 'success' }),
    ];
  },
};
