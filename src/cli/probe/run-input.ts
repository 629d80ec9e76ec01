// What the probe sends, as @ag-ui/client's HttpAgent sends it: a POST of the
// RunAgentInput as JSON, `Accept: text/event-stream` (or the AG-UI protobuf type when
// asked), the user's headers first so ours win, as in HttpAgent.requestInit.
import { randomUUID } from 'node:crypto';
import type { ProbeStep, ScriptMessage, ScriptTool } from './script.js';

export const PROTO_TYPE = 'application/vnd.ag-ui.event+proto';
export const PROTOCOL_VERSION = '1.0';

export interface RunIds {
  readonly threadId: string;
  readonly runId: string;
}

export const newThreadId = (): string => `probe-thread-${randomUUID().slice(0, 8)}`;
export const newRunId = (): string => `probe-run-${randomUUID().slice(0, 8)}`;

export function requestHeaders(user: Readonly<Record<string, string>>, proto: boolean): Record<string, string> {
  return {
    // What fetch adds by itself for HttpAgent; the probe undoes either encoding.
    'Accept-Encoding': 'gzip, deflate',
    ...user,
    'Content-Type': 'application/json',
    Accept: proto ? PROTO_TYPE : 'text/event-stream',
  };
}

/** Messages with ids: a script may leave them out, RunAgentInput may not. */
export function withIds(messages: readonly ScriptMessage[], prefix: string): Record<string, unknown>[] {
  return messages.map((m, i) => ({ ...m, id: m.id ?? `${prefix}-msg-${i + 1}` }));
}

function tool(t: ScriptTool): Record<string, unknown> {
  return {
    name: t.name,
    description: t.description ?? '',
    parameters: t.parameters ?? { type: 'object', properties: {} },
  };
}

export interface InputParts {
  readonly ids: RunIds;
  readonly messages: readonly Record<string, unknown>[];
  readonly state?: unknown;
}

export function runAgentInput(step: ProbeStep, parts: InputParts): Record<string, unknown> {
  return {
    threadId: parts.ids.threadId,
    runId: parts.ids.runId,
    // What @ag-ui/client 1.0 declares (HttpAgent sends it whenever its ceiling allows).
    protocolVersion: PROTOCOL_VERSION,
    state: parts.state ?? step.state ?? {},
    messages: parts.messages,
    tools: (step.tools ?? []).map(tool),
    context: step.context ?? [],
    forwardedProps: step.forwardedProps ?? {},
  };
}
