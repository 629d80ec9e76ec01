// The tools this app advertises to the agent and executes itself. confirm_booking is
// declined on the user's behalf so every round trip exercises an error answer.
import type { Message, Tool, ToolMessage } from '@ag-ui/core';

export const FRONTEND_TOOL_DEFS: Tool[] = [
  {
    name: 'show_chart',
    description: 'Render a bar chart in the app.',
    parameters: {
      type: 'object',
      properties: { title: { type: 'string' }, values: { type: 'array', items: { type: 'number' } } },
      required: ['values'],
    },
  },
  {
    name: 'confirm_booking',
    description: 'Ask the user to confirm a booking.',
    parameters: {
      type: 'object',
      properties: { trip: { type: 'string' }, date: { type: 'string' }, price: { type: 'number' } },
      required: ['trip'],
    },
  },
];

export const DECLINED = 'The user declined the booking';

function parseArgs(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Executes (or declines) one frontend call and returns the tool message answering it. */
export function executeFrontendTool(toolCallId: string, name: string, args: string, id: string): ToolMessage {
  if (name === 'show_chart') {
    const values = parseArgs(args).values;
    const count = Array.isArray(values) ? values.length : 0;
    return { id, role: 'tool', toolCallId, content: `Chart shown with ${count} bars.` };
  }
  if (name === 'confirm_booking') {
    return { id, role: 'tool', toolCallId, content: 'Declined by the user.', error: DECLINED };
  }
  return { id, role: 'tool', toolCallId, content: '', error: `Unknown frontend tool: ${name}` };
}

export interface PendingCall {
  readonly id: string;
  readonly name: string;
  readonly args: string;
}

/** Calls of advertised frontend tools that no tool message answers yet. */
export function pendingFrontendCalls(all: readonly Message[]): PendingCall[] {
  const answered = new Set(all.filter((m): m is ToolMessage => m.role === 'tool').map((m) => m.toolCallId));
  const names = new Set(FRONTEND_TOOL_DEFS.map((t) => t.name));
  return all.flatMap((m) =>
    m.role === 'assistant'
      ? (m.toolCalls ?? [])
          .filter((c) => names.has(c.function.name) && !answered.has(c.id))
          .map((c) => ({ id: c.id, name: c.function.name, args: c.function.arguments }))
      : [],
  );
}
