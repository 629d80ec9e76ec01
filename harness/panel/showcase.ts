// A session shaped like real traffic, for screenshots, the README and manual checks: UUID
// thread, run and call ids; four runs 30 s apart; streamed text; three parallel get_weather
// calls whose ids differ only in their last characters; a backend call reopened under
// another name (a finding); state snapshots and deltas; a frontend call left for the
// application and answered by the next run's request; a retry in Fahrenheit to compare.
import type { RelayMessage } from '../../src/bridge/messages.js';
import { relayEvents } from '../../src/panel/test-kit.js';

const T0 = 1_764_700_000_000;
export const SHOWCASE_THREAD = '5f0c2a7e-9d4b-4c1e-8a63-2b7d4a6e1f90';
export const SHOWCASE_RUNS = [
  'c412ab8d-dd10-4b54-b23e-0a9f5c7e3d21',
  '8b30528d-4e6f-4d2a-9c1b-7f3e2a1d5c16',
  '3e7a9c10-5b2d-4f8e-a6c4-1d9b0e2f7a48',
  'c412ab8d-dd10-4b54-b23e-0a9f5c7e3d22',
] as const;
/** Parallel calls whose ids differ only at the end, as many SDKs generate them. */
export const WEATHER_CALLS = [
  'f96ee3a0-51c4-4b8e-9d2a-7c3b0dd61c01',
  'f96ee3a0-51c4-4b8e-9d2a-7c3b0dd61c02',
  'f96ee3a0-51c4-4b8e-9d2a-7c3b0dd61c03',
] as const;
export const SEARCH_CALL = '71ef752b-0470-45a6-b652-93d1e0c4a7f5';
const CONFIRM_CALL = 'a2d94c3e-8f17-4b60-9e25-5c0b7d3f1e84';
const CITIES = ['Lisbon', 'Porto', 'Faro'] as const;

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
    ...words.split(' ').map((w, i, all) => ({
      type: 'TEXT_MESSAGE_CONTENT',
      messageId: id,
      delta: i < all.length - 1 ? `${w} ` : w,
    })),
    { type: 'TEXT_MESSAGE_END', messageId: id },
  ];
}

/** The retry's calls: new ids, again differing only at the end. */
export const RETRY_CALLS = WEATHER_CALLS.map((id) => id.replace('f96ee3a0', '0b4d7e52'));

/** Three get_weather calls streamed in parallel (their deltas interleaved), then results. */
function weather(unit: 'celsius' | 'fahrenheit', parent: string, ids: readonly string[]): unknown[] {
  const texts = CITIES.map((city) => JSON.stringify({ city, days: 3, unit }));
  const out: unknown[] = ids.map((id) => ({
    type: 'TOOL_CALL_START',
    toolCallId: id,
    toolCallName: 'get_weather',
    parentMessageId: parent,
  }));
  const pieces = ids.map((id, i) => args(id, texts[i] ?? '', 4));
  for (let p = 0; p < 4; p++) for (const list of pieces) if (list[p]) out.push(list[p]);
  const temps = unit === 'celsius' ? [21, 19, 24] : [70, 66, 75];
  ids.forEach((id, i) => {
    out.push({ type: 'TOOL_CALL_END', toolCallId: id });
    out.push({
      type: 'TOOL_CALL_RESULT',
      messageId: `tool-${id.slice(-4)}-${unit}`,
      toolCallId: id,
      role: 'tool',
      content: JSON.stringify({ city: CITIES[i], temperature: temps[i], forecast: ['sun', 'sun', 'clouds'] }),
    });
  });
  return out;
}

const started = (i: number) => ({ type: 'RUN_STARTED', threadId: SHOWCASE_THREAD, runId: SHOWCASE_RUNS[i] });
const finished = (i: number) => ({ type: 'RUN_FINISHED', threadId: SHOWCASE_THREAD, runId: SHOWCASE_RUNS[i] });
const request = (i: number, messages: unknown[] = [], state: unknown = {}) => ({
  threadId: SHOWCASE_THREAD,
  runId: SHOWCASE_RUNS[i],
  messages,
  tools,
  context: [],
  state,
  forwardedProps: {},
});
const user = (id: string, content: string) => ({ id, role: 'user', content });

export function showcase(): RelayMessage[] {
  const ask = user('u-1', 'Find me a hotel in Lisbon for three nights and check the weather on the coast.');
  const run1 = [
    started(0),
    { type: 'STATE_SNAPSHOT', snapshot: { trip: { city: 'Lisbon', nights: 3 }, step: 'planning', hotels: [] } },
    ...text('msg-1', 'Checking the weather in Lisbon, Porto and Faro and looking for hotels.'),
    ...weather('celsius', 'msg-1', WEATHER_CALLS),
    { type: 'TOOL_CALL_START', toolCallId: SEARCH_CALL, toolCallName: 'search_hotels', parentMessageId: 'msg-1' },
    ...args(SEARCH_CALL, '{"city":"Lisbon","max_price":180', 6),
    { type: 'TOOL_CALL_END', toolCallId: SEARCH_CALL },
    // Reopened under another name: consumers append to the first call's arguments.
    { type: 'TOOL_CALL_START', toolCallId: SEARCH_CALL, toolCallName: 'search_rooms', parentMessageId: 'msg-1' },
    ...args(SEARCH_CALL, ',"nights":3}', 3),
    { type: 'TOOL_CALL_END', toolCallId: SEARCH_CALL },
    {
      type: 'TOOL_CALL_RESULT',
      messageId: 'tool-s',
      toolCallId: SEARCH_CALL,
      role: 'tool',
      content: '[{"hotel":"Casa Azul","price":140},{"hotel":"Hotel Avenida","price":175}]',
    },
    {
      type: 'STATE_DELTA',
      delta: [
        { op: 'replace', path: '/step', value: 'choosing' },
        { op: 'add', path: '/hotels/-', value: 'Casa Azul' },
        { op: 'add', path: '/hotels/-', value: 'Hotel Avenida' },
      ],
    },
    ...text('msg-2', 'Sunny in Lisbon all week. Casa Azul is 140 € a night.'),
    finished(0),
  ];
  const pick = user('u-2', 'Book Casa Azul.');
  const run2 = [
    started(1),
    { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/step', value: 'confirming' }] },
    ...text('msg-3', 'Casa Azul for three nights. Shall I book it?'),
    { type: 'TOOL_CALL_START', toolCallId: CONFIRM_CALL, toolCallName: 'confirm_booking', parentMessageId: 'msg-3' },
    ...args(CONFIRM_CALL, '{"hotel":"Casa Azul","nights":3}', 5),
    { type: 'TOOL_CALL_END', toolCallId: CONFIRM_CALL },
    finished(1),
  ];
  const carrier = {
    id: 'msg-3',
    role: 'assistant',
    content: 'Casa Azul for three nights. Shall I book it?',
    toolCalls: [
      {
        id: CONFIRM_CALL,
        type: 'function',
        function: { name: 'confirm_booking', arguments: '{"hotel":"Casa Azul","nights":3}' },
      },
    ],
  };
  const run3 = [
    started(2),
    { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/step', value: 'booked' }] },
    ...text('msg-4', 'Booked: Casa Azul, three nights from Friday. Enjoy Lisbon.'),
    finished(2),
  ];
  const again = user('u-3', 'Show the weather in Fahrenheit.');
  const run4 = [
    started(3),
    ...text('msg-5', 'Looking at the weather again, in Fahrenheit this time.'),
    ...weather('fahrenheit', 'msg-5', RETRY_CALLS),
    ...text('msg-6', 'Sunny in Lisbon all week: 70 °F.'),
    finished(3),
  ];
  const state = { trip: { city: 'Lisbon', nights: 3 }, step: 'choosing', hotels: ['Casa Azul', 'Hotel Avenida'] };
  const streams: [unknown[], number, number, ReturnType<typeof request>][] = [
    [run1, 0, 40, request(0, [ask])],
    [run2, 32_000, 55, request(1, [ask, pick], state)],
    [
      run3,
      64_000,
      60,
      request(2, [ask, pick, carrier, { id: 'tool-c', role: 'tool', toolCallId: CONFIRM_CALL, content: 'confirmed' }]),
    ],
    [run4, 96_000, 35, request(3, [again])],
  ];
  return streams.flatMap(([events, at, step, body], i) =>
    relayEvents(
      { streamId: `showcase-${i + 1}`, url: 'https://app.example.com/api/agent', t0: T0 + at, step, requestBody: body },
      events,
    ),
  );
}
