import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted, textMessage, toolArgs, toolEnd, toolStart } from './build-events.js';

export const cutOff: Scenario = {
  name: 'cut-off',
  title: 'Stream cut off mid-call',
  description:
    "The server destroys the socket while write_file's arguments are streaming: no TOOL_CALL_END, no terminal event, a network error in the app.",
  prompt: 'Save my notes to notes.md.',
  transport: 'sse',
  verdict: 'accepted',
  // The last three events are never sent; they exist so the list reads as the run the
  // agent meant to send, and the cut lands after the first ARGS of the call.
  cutTail: 3,
  events: (input) => {
    const id = idsFor(input);
    const call = id('call-write');
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'Writing the file now.'),
      toolStart(call, 'write_file', id('m1')),
      toolArgs(call, '{"path":"notes.md","text":"Meeting notes'),
      toolArgs(call, ': ship the demo"}'),
      toolEnd(call),
      runFinished(input, { type: 'success' }),
    ];
  },
};
