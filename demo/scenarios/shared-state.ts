import { EventType, type AGUIEvent } from '@ag-ui/core';
import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted, textMessage } from './build-events.js';

/** A trip planner sharing its state with the app: a snapshot, patches, and one patch that does not apply. */
export const sharedState: Scenario = {
  name: 'shared-state',
  title: 'Shared state with a failing patch',
  description:
    'A STATE_SNAPSHOT, then STATE_DELTA patches that add and replace values; one replaces /budget/total, which does not exist, so the client keeps its state.',
  prompt: 'Plan three nights in Lisbon.',
  transport: 'sse',
  // The client logs a patch that fails to apply and carries on with the state it had.
  verdict: 'accepted',
  events: (input) => {
    const id = idsFor(input);
    const delta = (ops: unknown[]): AGUIEvent => ({ type: EventType.STATE_DELTA, delta: ops }) as AGUIEvent;
    return [
      runStarted(input),
      {
        type: EventType.STATE_SNAPSHOT,
        snapshot: { trip: { destination: 'Lisbon', nights: 3 }, items: [], status: 'planning' },
      },
      ...textMessage(id('m1'), 'Planning the trip: flights first, then a hotel.'),
      delta([{ op: 'add', path: '/items/-', value: { kind: 'flight', from: 'OSL', to: 'LIS' } }]),
      delta([
        { op: 'replace', path: '/trip/nights', value: 4 },
        { op: 'add', path: '/items/-', value: { kind: 'hotel', name: 'Casa Azul' } },
      ]),
      delta([{ op: 'replace', path: '/budget/total', value: 1200 }]),
      delta([
        { op: 'replace', path: '/status', value: 'booked' },
        { op: 'remove', path: '/trip/destination' },
        { op: 'add', path: '/trip/city', value: 'Lisbon' },
      ]),
      ...textMessage(id('m2'), 'Booked: a flight from Oslo and four nights at Casa Azul.'),
      runFinished(input, { type: 'success' }),
    ];
  },
};
