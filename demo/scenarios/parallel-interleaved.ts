import type { Scenario } from './types.js';
import {
  idsFor,
  pieces,
  runFinished,
  runStarted,
  textMessage,
  toolArgs,
  toolEnd,
  toolResult,
  toolStart,
} from './build-events.js';

export const parallelInterleaved: Scenario = {
  name: 'parallel-interleaved',
  title: 'Parallel calls with interleaved arguments',
  description:
    'Three calls are open at once and their TOOL_CALL_ARGS alternate between them, as parallel tool calling streams them.',
  prompt: 'Compare the weather in Oslo, Rome and Lima.',
  transport: 'sse',
  verdict: 'accepted',
  events: (input) => {
    const id = idsFor(input);
    const cities = ['Oslo', 'Rome', 'Lima'];
    const calls = cities.map((city, i) => ({
      callId: id(`call-${i}`),
      parts: pieces(JSON.stringify({ city }), 5),
      city,
    }));
    const longest = Math.max(...calls.map((c) => c.parts.length));
    const interleaved = [];
    for (let k = 0; k < longest; k++) {
      for (const c of calls) {
        const part = c.parts[k];
        if (part !== undefined) interleaved.push(toolArgs(c.callId, part));
      }
    }
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'Checking all three cities at once.'),
      ...calls.map((c) => toolStart(c.callId, 'get_weather', id('m1'))),
      ...interleaved,
      ...calls.map((c) => toolEnd(c.callId)),
      ...calls.map((c, i) => toolResult(id(`tool-${i}`), c.callId, { city: c.city, temperature: 10 + i * 7 })),
      ...textMessage(id('m2'), 'Oslo 10 °C, Rome 17 °C, Lima 24 °C.'),
      runFinished(input, { type: 'success' }),
    ];
  },
};
