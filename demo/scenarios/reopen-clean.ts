import type { Scenario } from './types.js';
import {
  idsFor,
  runFinished,
  runStarted,
  textMessage,
  toolArgs,
  toolEnd,
  toolResult,
  toolStart,
} from './build-events.js';

export const reopenClean: Scenario = {
  name: 'reopen-clean',
  title: 'Clean reopen of a closed call',
  description:
    'get_weather is closed, then reopened with the same id, name and parent; the further arguments append (allowed by the spec).',
  prompt: 'Weather in Paris, please.',
  transport: 'sse',
  verdict: 'accepted',
  events: (input) => {
    const id = idsFor(input);
    const call = id('call-1');
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'Looking it up.'),
      toolStart(call, 'get_weather', id('m1')),
      toolArgs(call, '{"city":'),
      toolEnd(call),
      toolStart(call, 'get_weather', id('m1')),
      toolArgs(call, '"Paris"}'),
      toolEnd(call),
      toolResult(id('tool-1'), call, { city: 'Paris', temperature: 12 }),
      runFinished(input, { type: 'success' }),
    ];
  },
};
