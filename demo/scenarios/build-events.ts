// Small event builders shared by the scenarios. Ids derive from the run id so every
// run (and every recorded fixture) is self-consistent without global counters.
import { EventType, type AGUIEvent, type RunAgentInput, type RunFinishedOutcome } from '@ag-ui/core';

export interface Attribution {
  readonly subagentRunId?: string;
}

export function runStarted(input: RunAgentInput): AGUIEvent {
  return { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId, protocolVersion: '1.0' };
}

export function runFinished(input: RunAgentInput, outcome?: RunFinishedOutcome): AGUIEvent {
  const base = { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as const;
  return outcome ? { ...base, outcome } : base;
}

/** Splits text into word-sized pieces, like a model's token stream. */
export function pieces(text: string, size = 12): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [''];
}

export function textMessage(messageId: string, text: string, who: Attribution = {}): AGUIEvent[] {
  const tag = who.subagentRunId ? { subagentRunId: who.subagentRunId } : {};
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant', ...tag },
    ...pieces(text).map((delta): AGUIEvent => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta, ...tag })),
    { type: EventType.TEXT_MESSAGE_END, messageId, ...tag },
  ];
}

export function toolStart(
  toolCallId: string,
  toolCallName: string,
  parentMessageId?: string,
  who: Attribution = {},
): AGUIEvent {
  const tag = who.subagentRunId ? { subagentRunId: who.subagentRunId } : {};
  const parent = parentMessageId ? { parentMessageId } : {};
  return { type: EventType.TOOL_CALL_START, toolCallId, toolCallName, ...parent, ...tag };
}

export function toolArgs(toolCallId: string, delta: string, who: Attribution = {}): AGUIEvent {
  const tag = who.subagentRunId ? { subagentRunId: who.subagentRunId } : {};
  return { type: EventType.TOOL_CALL_ARGS, toolCallId, delta, ...tag };
}

export function toolEnd(toolCallId: string, who: Attribution = {}): AGUIEvent {
  const tag = who.subagentRunId ? { subagentRunId: who.subagentRunId } : {};
  return { type: EventType.TOOL_CALL_END, toolCallId, ...tag };
}

/** START, the arguments streamed in pieces, END. */
export function toolCall(
  toolCallId: string,
  name: string,
  args: unknown,
  parentMessageId?: string,
  who: Attribution = {},
): AGUIEvent[] {
  return [
    toolStart(toolCallId, name, parentMessageId, who),
    ...pieces(JSON.stringify(args), 8).map((d) => toolArgs(toolCallId, d, who)),
    toolEnd(toolCallId, who),
  ];
}

export function toolResult(messageId: string, toolCallId: string, content: unknown, who: Attribution = {}): AGUIEvent {
  const tag = who.subagentRunId ? { subagentRunId: who.subagentRunId } : {};
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  return { type: EventType.TOOL_CALL_RESULT, messageId, toolCallId, content: text, role: 'tool', ...tag };
}

/** A short id prefix unique to the run. */
export function idsFor(input: RunAgentInput): (suffix: string) => string {
  return (suffix) => `${input.runId}-${suffix}`;
}
