import { EventType } from '@ag-ui/core';
import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted, textMessage, toolCall, toolResult } from './build-events.js';

export const subagentCalls: Scenario = {
  name: 'subagent-calls',
  title: 'Subagent-attributed tool calls',
  description:
    'The agent delegates to a "researcher" subagent (SUBAGENT_STARTED/FINISHED); its message, call and result carry subagentRunId.',
  prompt: 'Research train options from Lyon to Milan.',
  transport: 'sse',
  verdict: 'accepted',
  events: (input) => {
    const id = idsFor(input);
    const sub = { subagentRunId: id('sub-research') };
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'Delegating to the research subagent.'),
      ...toolCall(id('call-delegate'), 'delegate', { to: 'researcher' }, id('m1')),
      {
        type: EventType.SUBAGENT_STARTED,
        subagentRunId: sub.subagentRunId,
        name: 'researcher',
        description: 'Finds rail connections',
        parentToolCallId: id('call-delegate'),
      },
      ...textMessage(id('sub-m1'), 'Querying the rail timetable.', sub),
      ...toolCall(id('sub-call-1'), 'search_trains', { from: 'Lyon', to: 'Milan' }, id('sub-m1'), sub),
      toolResult(id('sub-tool-1'), id('sub-call-1'), { trains: 4, fastest: '5h02' }, sub),
      { type: EventType.SUBAGENT_FINISHED, subagentRunId: sub.subagentRunId, outcome: { type: 'success' } },
      toolResult(id('tool-1'), id('call-delegate'), 'researcher: 4 trains, fastest 5h02'),
      ...textMessage(id('m2'), 'There are 4 direct trains; the fastest takes 5h02.'),
      runFinished(input, { type: 'success' }),
    ];
  },
};
