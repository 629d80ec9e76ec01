import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted, textMessage, toolArgs, toolEnd, toolStart } from './build-events.js';

export const misroutedArgs: Scenario = {
  name: 'misrouted-args',
  title: 'Misrouted parallel arguments ({..}{..})',
  description:
    "Both parallel calls' argument documents arrive on the first call, leaving it with {..}{..} and the second empty; the client does not validate arguments.",
  prompt: 'Convert 20 EUR to USD and to GBP.',
  transport: 'sse',
  verdict: 'accepted',
  events: (input) => {
    const id = idsFor(input);
    const a = id('call-usd');
    const b = id('call-gbp');
    return [
      runStarted(input),
      ...textMessage(id('m1'), 'Converting to both currencies.'),
      toolStart(a, 'convert_currency', id('m1')),
      toolStart(b, 'convert_currency', id('m1')),
      toolArgs(a, '{"amount":20,"to":"USD"}'),
      // The producer's index bookkeeping slipped: this document belongs to call b.
      toolArgs(a, '{"amount":20,"to":"GBP"}'),
      toolEnd(a),
      toolEnd(b),
      ...textMessage(id('m2'), 'Something went wrong with the conversion arguments.'),
      runFinished(input, { type: 'success' }),
    ];
  },
};
