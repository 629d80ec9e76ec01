// Streams real frameworks produce that the official corpus lacks, each with its source. The
// official client's outcome was measured by playing each case into @ag-ui/client's HttpAgent
// (src/cli/serve/serve-cases.test.ts holds it); "a good client" is what the protocol asks of
// a consumer or what a user needs to see.
import type { CaseAnswer, CasePart, ClientCase, OfficialOutcome } from './types.js';

const T = 'case-thread';
const R = 'case-run';
const SSE = 'text/event-stream';

/** Events spaced `gap` ms apart from `start`. */
function paced(events: readonly Record<string, unknown>[], gap = 20, start = 0): CasePart[] {
  return events.map((event, i) => ({ at: start + i * gap, event }));
}

const started = { type: 'RUN_STARTED', threadId: T, runId: R };
const finished = { type: 'RUN_FINISHED', threadId: T, runId: R };
const text = (id: string, delta: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];
const call = (id: string, name: string, args: string, parent = 'm-call') => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, parentMessageId: parent },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: args },
  { type: 'TOOL_CALL_END', toolCallId: id },
];

const sse = (parts: CasePart[]): CaseAnswer => ({ status: 200, contentType: SSE, parts });

interface Draft {
  readonly name: string;
  readonly title: string;
  readonly source: string;
  readonly goodClient: string;
  readonly shouldShowError?: boolean;
  /** What a good client's run ends as, when not what the official client does. */
  readonly required?: OfficialOutcome;
  readonly official: OfficialOutcome;
  readonly answer: CaseAnswer;
}

const KEEP_ALIVE = ': keep-alive\n\n';

const drafts: readonly Draft[] = [
  {
    name: 'reopened-call',
    title: 'A tool call reopened under another name',
    source: 'Draft Tools chapter, "Reopening a call"; seen from agents that retry a call with a corrected tool',
    goodClient: 'Keeps one call with the newest name and its arguments, and shows no stale name in the UI',
    official: { outcome: 'completed' },
    answer: sse(
      paced([
        started,
        ...call('call-1', 'lookup_order', '{"orderId":"A-1"}'),
        ...call('call-1', 'cancel_order', '{"orderId":"A-1"}'),
        finished,
      ]),
    ),
  },
  {
    name: 'interleaved-parallel-args',
    title: 'Two parallel tool calls whose arguments arrive interleaved',
    source: 'OpenAI parallel tool calls through LangGraph and the AI SDK',
    goodClient: 'Assembles each call from its own deltas: {"city":"Paris"} and {"city":"Rome"}',
    official: { outcome: 'completed' },
    answer: sse(
      paced([
        started,
        { type: 'TOOL_CALL_START', toolCallId: 'call-a', toolCallName: 'get_weather', parentMessageId: 'm-par' },
        { type: 'TOOL_CALL_START', toolCallId: 'call-b', toolCallName: 'get_weather', parentMessageId: 'm-par' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'call-a', delta: '{"city":' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'call-b', delta: '{"city":' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'call-b', delta: '"Rome"}' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'call-a', delta: '"Paris"}' },
        { type: 'TOOL_CALL_END', toolCallId: 'call-b' },
        { type: 'TOOL_CALL_END', toolCallId: 'call-a' },
        finished,
      ]),
    ),
  },
  {
    name: 'chunk-events',
    title: 'Text and a tool call sent as chunk events',
    source: 'AG-UI TEXT_MESSAGE_CHUNK / TOOL_CALL_CHUNK, as the Python and Kotlin SDK encoders send them',
    goodClient: 'Expands the chunks into a text message and a call with arguments {"q":"hotels"}',
    official: { outcome: 'completed' },
    answer: sse(
      paced([
        started,
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm-chunk', role: 'assistant', delta: 'Looking ' },
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm-chunk', delta: 'it up.' },
        {
          type: 'TOOL_CALL_CHUNK',
          toolCallId: 'call-c',
          toolCallName: 'search',
          parentMessageId: 'm-chunk',
          delta: '{"q":',
        },
        { type: 'TOOL_CALL_CHUNK', toolCallId: 'call-c', delta: '"hotels"}' },
        finished,
      ]),
    ),
  },
  {
    name: 'unanswered-frontend-call',
    title: 'A frontend tool call the run ends on, waiting for the app',
    source: 'CopilotKit and the AI SDK: a frontend action the agent calls, then the run finishes',
    goodClient: 'Runs its own tool and sends the result in the next run request',
    official: { outcome: 'completed' },
    answer: sse(paced([started, ...call('call-f', 'confirm_booking', '{"hotel":"Ritz","nights":2}'), finished])),
  },
  {
    name: 'failing-state-delta',
    title: 'A STATE_DELTA that does not apply to the state',
    source: 'CopilotKit runtime after a server-side state patch failed (a path the snapshot lacks)',
    goodClient: 'Keeps the last good state and tells the user or the log that an update was lost',
    official: { outcome: 'completed' },
    answer: sse(
      paced([
        started,
        { type: 'STATE_SNAPSHOT', snapshot: { cart: { items: [] } } },
        { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/checkout/total', value: 42 }] },
        finished,
      ]),
    ),
  },
  {
    name: 'backend-call-without-result',
    title: 'A backend tool call that ran and left no result',
    source: 'LangGraph and Mastra agents whose tool node returned nothing to the stream',
    goodClient: 'Shows the call as finished without a result, not as still running',
    official: { outcome: 'completed' },
    answer: sse(
      paced([started, ...call('call-b1', 'lookup_weather', '{"city":"Oslo"}'), ...text('m-after', 'Done.'), finished]),
    ),
  },
  {
    name: 'call-only-in-messages-snapshot',
    title: 'A tool call known only from MESSAGES_SNAPSHOT',
    source:
      'LangGraph: after an interrupt or a resume the agent sends its messages as a snapshot, with no TOOL_CALL_* events',
    goodClient: 'Shows the call from the snapshot (name, arguments) like one that streamed',
    official: { outcome: 'completed', messageCount: 2 },
    answer: sse(
      paced([
        started,
        {
          type: 'MESSAGES_SNAPSHOT',
          messages: [
            { id: 'm-user', role: 'user', content: 'Book the Ritz' },
            {
              id: 'm-snap',
              role: 'assistant',
              toolCalls: [
                { id: 'call-s', type: 'function', function: { name: 'book_hotel', arguments: '{"hotel":"Ritz"}' } },
              ],
            },
          ],
        },
        finished,
      ]),
    ),
  },
  {
    name: 'cut-off-mid-call',
    title: 'A body that ends in the middle of a tool call',
    source: "Mastra: a model error ends the body without RUN_ERROR; any proxy's idle timeout does the same",
    goodClient: 'Ends the run as failed and says the answer was cut off; the call is not left spinning',
    shouldShowError: true,
    required: { outcome: 'failed' },
    official: { outcome: 'completed', differs: 'the released client resolves a run without a terminal event' },
    answer: sse([
      ...paced([
        started,
        { type: 'TOOL_CALL_START', toolCallId: 'call-x', toolCallName: 'search', parentMessageId: 'm-x' },
      ]),
      { at: 60, event: { type: 'TOOL_CALL_ARGS', toolCallId: 'call-x', delta: '{"q":"ho' } },
    ]),
  },
  {
    name: 'run-error-after-finished',
    title: 'RUN_ERROR after RUN_FINISHED',
    source: 'Server frameworks that report a late failure (e.g. saving the thread) after the run finished',
    goodClient: 'Shows the late error; does not show the run as a plain success',
    shouldShowError: true,
    official: { outcome: 'completed' },
    answer: sse(
      paced([
        started,
        ...text('m-late', 'All set.'),
        finished,
        { type: 'RUN_ERROR', message: 'failed to persist the thread', code: 'PERSIST_FAILED' },
      ]),
    ),
  },
  {
    name: 'open-after-finished',
    title: 'A body left open after RUN_FINISHED, with keep-alives',
    source: 'CopilotKit runtime 1.75 after a failed state patch: `: keep-alive` every 15 s after RUN_FINISHED',
    goodClient: 'Treats the run as over at RUN_FINISHED (or times out) and lets the user send the next message',
    required: { outcome: 'completed' },
    official: { outcome: 'hangs', differs: 'the released client waits for the body to end' },
    answer: sse([
      ...paced([started, ...text('m-open', 'Here you go.'), finished]),
      { at: 15_000, raw: KEEP_ALIVE },
      { at: 30_000, raw: KEEP_ALIVE },
      { at: 45_000, raw: KEEP_ALIVE },
      { at: 60_000, raw: KEEP_ALIVE },
    ]),
  },
  {
    name: 'slow-with-stalls',
    title: 'A slow stream with a 35 s stall kept alive by comments',
    source: 'Reasoning models behind the AG-UI adapters: long silences between tokens, keep-alives in between',
    goodClient: 'Keeps the run open and shows progress; does not time out while keep-alives arrive',
    official: { outcome: 'completed' },
    answer: sse([
      ...paced([started, { type: 'TEXT_MESSAGE_START', messageId: 'm-slow', role: 'assistant' }]),
      { at: 100, event: { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-slow', delta: 'Thinking' } },
      { at: 15_100, raw: KEEP_ALIVE },
      { at: 30_100, raw: KEEP_ALIVE },
      { at: 35_100, event: { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-slow', delta: ' done.' } },
      { at: 35_120, event: { type: 'TEXT_MESSAGE_END', messageId: 'm-slow' } },
      { at: 35_140, event: finished },
    ]),
  },
  {
    name: 'http-500',
    title: 'HTTP 500 with a JSON error body',
    source: 'Any agent server that throws before streaming (FastAPI, Express, Next.js route handlers)',
    goodClient: 'Shows that the request failed, with the status, and lets the user retry',
    shouldShowError: true,
    official: { outcome: 'failed', errorContains: '500' },
    answer: {
      status: 500,
      contentType: 'application/json',
      parts: [{ at: 0, raw: '{"error":"Internal Server Error","detail":"agent crashed"}' }],
    },
  },
  {
    name: 'html-error-page',
    title: 'An HTML error page from a proxy (502)',
    source: 'nginx or a load balancer in front of the agent, when the agent is down',
    goodClient: 'Shows that the request failed (status 502), never the HTML as a message',
    shouldShowError: true,
    official: { outcome: 'failed', errorContains: '502' },
    answer: {
      status: 502,
      contentType: 'text/html',
      parts: [
        {
          at: 0,
          raw: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n',
        },
      ],
    },
  },
];

export const FRAMEWORK_CASES: readonly ClientCase[] = drafts.map((d) => ({
  id: `frameworks/${d.name}`,
  group: 'frameworks',
  title: d.title,
  protocolVersion: '1.1',
  source: d.source,
  goodClient: d.goodClient,
  shouldShowError: d.shouldShowError ?? d.official.outcome === 'failed',
  required: d.required ?? d.official,
  official: d.official,
  answer: d.answer,
}));
