// A two-run scenario with realistic timing for screenshots and manual checks: streamed
// text, a backend call reopened under another name, parallel calls, a frontend call left
// for the application and answered by the next run's request.
import type { RelayMessage } from '../../src/bridge/messages.js';
import { relayEvents } from '../../src/panel/test-kit.js';

const T0 = 1_764_700_000_000;
const tools = [
  {
    name: 'confirm_booking',
    description: 'Ask the user to confirm',
    parameters: {
      type: 'object',
      properties: { hotel: { type: 'string' }, nights: { type: 'integer' } },
      required: ['hotel'],
    },
  },
];

function args(id: string, text: string, pieces: number): unknown[] {
  const size = Math.ceil(text.length / pieces);
  const out: unknown[] = [];
  for (let i = 0; i < text.length; i += size)
    out.push({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta: text.slice(i, i + size) });
  return out;
}

function text(id: string, words: string): unknown[] {
  return [
    { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
    ...words.split(' ').map((w) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: `${w} ` })),
    { type: 'TEXT_MESSAGE_END', messageId: id },
  ];
}

export function showcase(): RelayMessage[] {
  const run1 = [
    { type: 'RUN_STARTED', threadId: 'thread-trip', runId: 'run-1' },
    ...text('msg-1', 'Let me look for hotels in Lisbon and check the weather'),
    { type: 'TOOL_CALL_START', toolCallId: 'call_search', toolCallName: 'search_hotels', parentMessageId: 'msg-1' },
    ...args('call_search', '{"city":"Lisbon","max_price":180', 6),
    { type: 'TOOL_CALL_END', toolCallId: 'call_search' },
    { type: 'TOOL_CALL_START', toolCallId: 'call_weather', toolCallName: 'get_weather', parentMessageId: 'msg-1' },
    ...args('call_weather', '{"city":"Lisbon","days":3}', 4),
    { type: 'TOOL_CALL_START', toolCallId: 'call_search', toolCallName: 'search_rooms', parentMessageId: 'msg-1' },
    ...args('call_search', ',"nights":3}', 3),
    { type: 'TOOL_CALL_END', toolCallId: 'call_search' },
    { type: 'TOOL_CALL_END', toolCallId: 'call_weather' },
    {
      type: 'TOOL_CALL_RESULT',
      messageId: 'tool-w',
      toolCallId: 'call_weather',
      role: 'tool',
      content: '{"forecast":["sun","sun","clouds"]}',
    },
    {
      type: 'TOOL_CALL_RESULT',
      messageId: 'tool-s',
      toolCallId: 'call_search',
      role: 'tool',
      content: '[{"hotel":"Casa Azul","price":140}]',
    },
    ...text('msg-2', 'Casa Azul looks good. Shall I book it?'),
    { type: 'TOOL_CALL_START', toolCallId: 'call_confirm', toolCallName: 'confirm_booking', parentMessageId: 'msg-2' },
    ...args('call_confirm', '{"hotel":"Casa Azul","nights":"3"}', 5),
    { type: 'TOOL_CALL_END', toolCallId: 'call_confirm' },
    { type: 'RUN_FINISHED', threadId: 'thread-trip', runId: 'run-1' },
  ];
  const history = [
    {
      id: 'msg-2',
      role: 'assistant',
      content: 'Casa Azul looks good. Shall I book it?',
      toolCalls: [
        {
          id: 'call_confirm',
          type: 'function',
          function: { name: 'confirm_booking', arguments: '{"hotel":"Casa Azul","nights":"3"}' },
        },
      ],
    },
    { id: 'tool-c', role: 'tool', toolCallId: 'call_confirm', content: 'confirmed' },
  ];
  const run2 = [
    { type: 'RUN_STARTED', threadId: 'thread-trip', runId: 'run-2' },
    ...text('msg-3', 'Booked. Enjoy Lisbon'),
    { type: 'RUN_FINISHED', threadId: 'thread-trip', runId: 'run-2' },
  ];
  return [
    ...relayEvents(
      {
        streamId: 'showcase-1',
        t0: T0,
        step: 45,
        requestBody: {
          threadId: 'thread-trip',
          runId: 'run-1',
          messages: [],
          tools,
          context: [],
          state: {},
          forwardedProps: {},
        },
      },
      run1,
    ),
    ...relayEvents(
      {
        streamId: 'showcase-2',
        t0: T0 + 4200,
        step: 60,
        requestBody: {
          threadId: 'thread-trip',
          runId: 'run-2',
          messages: history,
          tools,
          context: [],
          state: {},
          forwardedProps: {},
        },
      },
      run2,
    ),
  ];
}
