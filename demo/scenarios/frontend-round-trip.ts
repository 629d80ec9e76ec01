import type { Message, RunAgentInput, ToolMessage } from '@ag-ui/core';
import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted, textMessage, toolCall } from './build-events.js';

/** The frontend tools this scenario calls; the demo app advertises and executes them. */
export const FRONTEND_TOOLS = ['show_chart', 'confirm_booking'] as const;

function answers(messages: readonly Message[]): ToolMessage[] {
  return messages.filter((m): m is ToolMessage => m.role === 'tool');
}

// Run 2 is recognised by the tool messages the app sends back: the agent never sees
// the app's execution, only the conversation history (AG-UI draft Tools, the frontend-tool round trip).
function secondRun(input: RunAgentInput, replies: ToolMessage[]) {
  const id = idsFor(input);
  const said = (text: string): string => text.replace(/[.\s]+$/, '');
  const lines = replies.map((r) =>
    r.error
      ? `A call was declined: ${said(r.error)}.`
      : `Got: ${said(typeof r.content === 'string' ? r.content : 'content parts')}.`,
  );
  return [
    runStarted(input),
    ...textMessage(id('m1'), `Thanks. ${lines.join(' ')} I will keep the booking on hold.`),
    runFinished(input, { type: 'success' }),
  ];
}

export const frontendRoundTrip: Scenario = {
  name: 'frontend-round-trip',
  title: 'Frontend tools over two runs',
  description:
    'Run 1 calls the advertised show_chart and confirm_booking and finishes with pendingToolCallIds; the app answers in run 2, declining the booking as an error.',
  prompt: 'Chart my spending and book the Porto trip.',
  transport: 'sse',
  verdict: 'accepted',
  events: (input) => {
    const replies = answers(input.messages);
    if (replies.length > 0) return secondRun(input, replies);
    const id = idsFor(input);
    const chart = id('call-chart');
    const booking = id('call-booking');
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'I will draw the chart and ask you to confirm the booking.'),
      ...toolCall(chart, 'show_chart', { title: 'Spending by month', values: [320, 410, 290] }, id('m1')),
      ...toolCall(booking, 'confirm_booking', { trip: 'Porto', date: '2027-01-14', price: 240 }, id('m1')),
      runFinished(input, { type: 'success', pendingToolCallIds: [chart, booking] }),
    ];
  },
};
