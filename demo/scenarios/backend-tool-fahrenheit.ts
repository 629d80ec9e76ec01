import type { Scenario } from './types.js';
import { weatherRun } from './backend-tool.js';

/** The backend-tool run again with one argument changed: a pair for the panel's Compare runs. */
export const backendToolFahrenheit: Scenario = {
  name: 'backend-tool-fahrenheit',
  title: 'Backend tool again, in Fahrenheit',
  description:
    'The same get_weather call as the backend tool scenario with one argument changed (unit: fahrenheit): compare the two runs.',
  prompt: 'What is the weather in Lisbon, in Fahrenheit?',
  transport: 'sse',
  verdict: 'accepted',
  events: (input) => weatherRun(input, 'fahrenheit', 70, 'It is 70 °F and clear in Lisbon right now.'),
};
