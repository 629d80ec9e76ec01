import type { AGUIEvent } from '@ag-ui/core';
import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted, textMessage, toolCall, toolResult } from './build-events.js';

/** Rounds of text + tool call + result; each round is 18 events, so 280 rounds ≈ 5k. */
const ROUNDS = 280;

export const longSession: Scenario = {
  name: 'long-session',
  title: 'Long session (about 5,000 events)',
  description:
    "One run with 280 rounds of text, a streamed tool call and its result: a load test for the inspector's lists.",
  prompt: 'Index every page of the handbook.',
  transport: 'sse',
  verdict: 'accepted',
  burst: 200,
  events: (input) => {
    const id = idsFor(input);
    const body: AGUIEvent[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      body.push(
        ...textMessage(id(`m${i}`), `Indexing page ${i + 1} of the handbook and extracting its headings.`),
        ...toolCall(
          id(`call-${i}`),
          'index_page',
          { page: i + 1, headings: ['Intro', 'Details', 'Summary'] },
          id(`m${i}`),
        ),
        toolResult(id(`tool-${i}`), id(`call-${i}`), { page: i + 1, indexed: true }),
      );
    }
    return [runStarted(input), ...body, runFinished(input, { type: 'success' })];
  },
};
