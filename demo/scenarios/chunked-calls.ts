import { EventType, type AGUIEvent } from '@ag-ui/core';
import type { Scenario } from './types.js';
import { idsFor, pieces, runFinished, runStarted, textMessage, toolResult } from './build-events.js';

function chunks(toolCallId: string, toolCallName: string, parentMessageId: string, args: unknown): AGUIEvent[] {
  // Only the first chunk names the call; continuations carry just the id and a delta.
  return pieces(JSON.stringify(args), 6).map((delta, i): AGUIEvent =>
    i === 0
      ? { type: EventType.TOOL_CALL_CHUNK, toolCallId, toolCallName, parentMessageId, delta }
      : { type: EventType.TOOL_CALL_CHUNK, toolCallId, delta },
  );
}

export const chunkedCalls: Scenario = {
  name: 'chunked-calls',
  title: 'Chunked tool calls (TOOL_CALL_CHUNK)',
  description:
    'Two calls in the compact chunk spelling; the client expands them into START/ARGS/END, closing each on the next non-chunk event.',
  prompt: 'Find flights and hotels in Madrid.',
  transport: 'sse',
  verdict: 'accepted',
  events: (input) => {
    const id = idsFor(input);
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'Searching flights, then hotels.'),
      ...chunks(id('call-flights'), 'search_flights', id('m1'), { to: 'MAD', date: '2027-02-01' }),
      toolResult(id('tool-1'), id('call-flights'), { cheapest: 89 }),
      ...chunks(id('call-hotels'), 'search_hotels', id('m1'), { city: 'Madrid', nights: 3 }),
      toolResult(id('tool-2'), id('call-hotels'), { cheapest: 61 }),
      runFinished(input, { type: 'success' }),
    ];
  },
};
