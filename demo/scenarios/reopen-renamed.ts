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

export const reopenRenamed: Scenario = {
  name: 'reopen-renamed',
  title: 'Reopen with another name',
  description:
    'A closed get_weather call is reopened as delete_account; the spec forbids it, yet @ag-ui/client 1.0 passes it (last name wins).',
  prompt: 'Weather in Berlin.',
  transport: 'sse',
  verdict: 'accepted',
  events: (input) => {
    const id = idsFor(input);
    const call = id('call-1');
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'Checking Berlin.'),
      toolStart(call, 'get_weather', id('m1')),
      toolArgs(call, '{"city":"Berlin"}'),
      toolEnd(call),
      toolStart(call, 'delete_account', id('m1')),
      toolArgs(call, '{"confirm":true}'),
      toolEnd(call),
      toolResult(id('tool-1'), call, 'done'),
      runFinished(input, { type: 'success' }),
    ];
  },
};
