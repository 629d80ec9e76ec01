import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted, textMessage, toolCall, toolResult } from './build-events.js';

export const protobuf: Scenario = {
  name: 'protobuf',
  title: 'Protobuf encoding',
  description:
    'The app asks for application/vnd.ag-ui.event+proto through a custom fetch; the server answers with length-prefixed protobuf frames.',
  prompt: 'Book a table for two at 8pm.',
  transport: 'proto',
  verdict: 'accepted',
  events: (input) => {
    const id = idsFor(input);
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'Checking availability at Casa Lisboa.'),
      ...toolCall(id('call-table'), 'find_table', { restaurant: 'Casa Lisboa', people: 2, time: '20:00' }, id('m1')),
      toolResult(id('tool-1'), id('call-table'), { available: true, table: 12 }),
      ...textMessage(id('m2'), 'Table 12 is free at 20:00.'),
      runFinished(input, { type: 'success', pendingToolCallIds: [] }),
    ];
  },
};
