// Transport: a run request that got no AG-UI answer. The official client's HttpAgent fails
// such a run before it reads a single event (a non-2xx answer becomes `HTTP <status>: <body>`,
// a rejected fetch its error), so the run is a failure whatever the body says.
import { failedBodyLine, failureSummary, requestFailure } from '../failed-request.js';
import type { RunModel, StreamModel } from '../model/types.js';
import type { RuleId } from '../catalogue/catalogue.js';
import type { Out } from './out.js';

const RULE: Readonly<Record<NonNullable<ReturnType<typeof requestFailure>>, RuleId>> = {
  'http-status': 'transport/http-status',
  'content-type': 'transport/content-type',
  'network-error': 'transport/network-error',
  'aborted-before-response': 'transport/aborted-before-response',
};

/** At a failed request's end (or an AG-UI stream answered with an error status): why it failed. */
export function checkRequestFailure(stream: StreamModel, run: RunModel | undefined, out: Out): void {
  const failure = requestFailure(stream);
  if (failure === undefined) return;
  const body = failure === 'http-status' || failure === 'content-type' ? failedBodyLine(stream) : '';
  const what = stream.info.encoding === 'none' ? 'The run request failed' : 'The run request was answered';
  const message = `${what}: ${failureSummary(stream)}${body !== '' ? ` — ${body}` : ''}${CONSEQUENCE[failure]}`;
  out.add(RULE[failure], message, {
    events: [],
    t: stream.end?.t ?? stream.info.startedAt,
    ...(run !== undefined ? { runId: run.runId, threadId: run.threadId } : {}),
  });
}

const CONSEQUENCE: Readonly<Record<NonNullable<ReturnType<typeof requestFailure>>, string>> = {
  'http-status': '. The client fails the run without reading an event.',
  'content-type': '. The client cannot read it as AG-UI events.',
  'network-error': '. The page never got an answer.',
  'aborted-before-response': '.',
};
