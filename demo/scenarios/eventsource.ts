import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted, textMessage, toolCall, toolResult } from './build-events.js';

export const eventsource: Scenario = {
  name: 'eventsource',
  title: 'GET EventSource stream',
  description:
    'A custom consumer opens GET /events with EventSource: AG-UI events as plain data: lines, plus named progress and done events and a keep-alive comment.',
  prompt: 'Stream the build status.',
  transport: 'eventsource',
  verdict: 'accepted',
  events: (input) => {
    const id = idsFor(input);
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'Fetching the latest build.'),
      ...toolCall(id('call-ci'), 'get_build_status', { branch: 'main' }, id('m1')),
      toolResult(id('tool-1'), id('call-ci'), { status: 'green', duration: '4m12s' }),
      ...textMessage(id('m2'), 'main is green (4m12s).'),
      runFinished(input, { type: 'success' }),
    ];
  },
};
