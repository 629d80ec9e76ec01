// Runs a scenario with the real HttpAgent from @ag-ui/client. Frontend tool calls left
// pending by a run are executed here and answered in the next run's messages, exactly
// as an application would (tools-draft, "the round-trip").
import { HttpAgent, type AgentSubscriber, type HttpAgentFetchFn } from '@ag-ui/client';
import type { Message, ToolMessage } from '@ag-ui/core';
import type { Scenario } from '../scenarios/index.js';
import { FRONTEND_TOOL_DEFS, executeFrontendTool } from './frontend-tools.js';
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

function pendingFrontendCalls(all: readonly Message[]): { id: string; name: string; args: string }[] {
  const answered = new Set(all.filter((m): m is ToolMessage => m.role === 'tool').map((m) => m.toolCallId));
  const names = new Set(FRONTEND_TOOL_DEFS.map((t) => t.name));
  return all.flatMap((m) =>
    m.role === 'assistant'
      ? (m.toolCalls ?? []).filter((c) => names.has(c.function.name) && !answered.has(c.id)).map((c) => ({ id: c.id, name: c.function.name, args: c.function.arguments }))
      : [],
  );
}

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
  const subscriber: AgentSubscriber = {
    onEvent: () => void (eventCount.value += 1),
    onMessagesChanged: ({ messages: next }) => void (messages.value = [...next]),
    onRunFailed: ({ error }) => void (failure = error.message),
  };
  let runs = 0;
  try {
    for (; runs < MAX_RUNS; ) {
      runs += 1;
      runCount.value = runs;
      statusText.value = `Run ${runs} streaming…`;
      await agent.runAgent({ tools: FRONTEND_TOOL_DEFS, forwardedProps: { scenario: scenario.name } }, subscriber);
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
