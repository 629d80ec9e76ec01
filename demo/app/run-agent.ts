// Runs a scenario with the real HttpAgent from @ag-ui/client. Frontend tool calls left
// pending by a run are executed here and answered in the next run's messages, exactly
// as an application would (AG-UI draft Tools, the frontend-tool round trip).
import { HttpAgent, type AgentSubscriber, type HttpAgentFetchFn } from '@ag-ui/client';
import type { Message } from '@ag-ui/core';
import type { Scenario } from '../scenarios/index.js';
import { FRONTEND_TOOL_DEFS, executeFrontendTool, pendingFrontendCalls } from './frontend-tools.js';
import { errorText, eventCount, messages, runCount, runState, statusText } from './state.js';

const PROTO = 'application/vnd.ag-ui.event+proto';
const MAX_RUNS = 3;

// HttpAgent always asks for SSE and sets Accept after the configured headers, so only
// a custom fetch can ask for protobuf.
const protoFetch: HttpAgentFetchFn = (url, init) => {
  const headers = new Headers(init.headers);
  headers.set('Accept', PROTO);
  return fetch(url, { ...init, headers });
};

export interface RunResult {
  readonly ok: boolean;
  readonly runs: number;
  readonly error?: string;
}

export async function runWithHttpAgent(scenario: Scenario, baseUrl: string): Promise<RunResult> {
  const agent = new HttpAgent({
    url: `${baseUrl}/agent`,
    threadId: `thread-${scenario.name}-${Date.now().toString(36)}`,
    initialMessages: [{ id: 'user-1', role: 'user', content: scenario.prompt }],
    ...(scenario.transport === 'proto' ? { fetch: protoFetch } : {}),
  });
  messages.value = [...agent.messages];
  let failure: string | undefined;
  // A long session changes the messages thousands of times; render once per frame.
  let latest: readonly Message[] | undefined;
  let events = 0;
  let frame = 0;
  const flush = (): void => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    eventCount.value = events;
    if (latest) messages.value = [...latest];
    latest = undefined;
  };
  const schedule = (): void => void (frame ||= requestAnimationFrame(flush));
  const subscriber: AgentSubscriber = {
    onEvent: () => {
      events += 1;
      schedule();
    },
    onMessagesChanged: ({ messages: next }) => {
      latest = next;
      schedule();
    },
    onRunFailed: ({ error }) => void (failure = error.message),
  };
  let runs = 0;
  try {
    for (; runs < MAX_RUNS;) {
      runs += 1;
      runCount.value = runs;
      statusText.value = `Run ${runs} streaming…`;
      await agent.runAgent({ tools: FRONTEND_TOOL_DEFS, forwardedProps: { scenario: scenario.name } }, subscriber);
      flush();
      if (failure) break;
      const pending = pendingFrontendCalls(agent.messages);
      if (pending.length === 0) break;
      const replies = pending.map((c, i) => executeFrontendTool(c.id, c.name, c.args, `answer-${runs}-${i}`));
      agent.addMessages(replies);
      messages.value = [...agent.messages];
    }
  } catch (err) {
    failure ??= err instanceof Error ? err.message : String(err);
  }
  flush();
  if (failure) {
    errorText.value = failure;
    runState.value = 'error';
    statusText.value = `Failed in run ${runs}: the client reported an error.`;
    return { ok: false, runs, error: failure };
  }
  runState.value = 'done';
  statusText.value = `Done: ${runs} run${runs > 1 ? 's' : ''}, ${eventCount.value} events.`;
  return { ok: true, runs };
}
