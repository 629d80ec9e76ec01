// The request/response contracts every run answer must keep, beyond the protocol rules:
// an answer at all, a 2xx AG-UI event stream, a terminal event before the step's
// timeout, RUN_STARTED echoing the request's ids, no RUN_ERROR where a run was asked.
// Each broken contract is a finding (rule ids `probe/...`, docs/probe.md).
import type { Finding, Severity } from '../../core/findings.js';
import { inert } from '../format-text.js';
import type { Answer } from './answer.js';
import { str } from '../core-deps.js';
import type { ExchangeRecord } from './probe-session.js';

export function probeFinding(
  rule: string,
  severity: Severity,
  record: ExchangeRecord,
  message: string,
  events: readonly number[] = [],
): Finding {
  return {
    rule,
    severity,
    message,
    streamId: record.streamId,
    ...(record.ids !== undefined ? { threadId: record.ids.threadId, runId: record.ids.runId } : {}),
    events,
    t: record.exchange.endedAt,
  };
}

/** The start of a non-stream body, as the server wrote it, safe to print. */
export function bodyExcerpt(record: ExchangeRecord, max = 160): string {
  const bytes = record.exchange.pieces.reduce((n, p) => n + p.data.length, 0);
  // Lenient: a cut may split a character, and a broken page is still worth quoting.
  const text = new TextDecoder().decode(Buffer.concat(record.exchange.pieces.map((p) => p.data)).subarray(0, max));
  const shown = inert(text.replace(/\s+/g, ' ').trim());
  return shown === '' ? 'an empty body' : `"${shown}${bytes > max ? '…' : ''}"`;
}

export const isHtml = (contentType: string): boolean => /^\s*text\/html\b/i.test(contentType);

/** The answer passed --max-bytes: the probe stopped reading it. */
export function tooLargeProblem(record: ExchangeRecord, maxBytes: number): Finding {
  const mb = maxBytes / (1024 * 1024);
  return probeFinding(
    'probe/too-large',
    'error',
    record,
    `The answer passed ${Number.isInteger(mb) ? `${mb} MB` : `${maxBytes} bytes`} (--max-bytes) without ending: the probe stopped reading it. A server that never ends its body, or one line or frame without bound, exhausts a client's memory.`,
  );
}

/** Transport contracts: undefined when the answer is a 2xx AG-UI stream that ended. */
export function transportProblem(record: ExchangeRecord, timeoutMs: number): Finding | undefined {
  const x = record.exchange;
  if (x.end === 'too-large') return tooLargeProblem(record, record.maxBytes);
  if (x.head === undefined) {
    return x.end === 'timeout'
      ? probeFinding('probe/hang', 'error', record, `No response within ${timeoutMs} ms: the probe gave up.`)
      : probeFinding('probe/no-answer', 'error', record, `No HTTP response: ${x.error ?? 'the connection failed'}.`);
  }
  const { status, contentType } = x.head;
  const location = x.head.headers['location'];
  // The probe does not follow redirects (a client would resend the run): name the target.
  if (status >= 300 && status < 400 && location !== undefined)
    return probeFinding(
      'probe/http-status',
      'error',
      record,
      `HTTP ${status} redirect to ${inert(location)}: probe that URL instead (a trailing slash is a common cause).`,
    );
  if (status < 200 || status > 299) {
    return probeFinding(
      'probe/http-status',
      'error',
      record,
      `HTTP ${status}${contentType !== '' ? ` (${inert(contentType)})` : ''} instead of an event stream: ${bodyExcerpt(record)}.`,
    );
  }
  if (!record.inspected) {
    return probeFinding(
      'probe/content-type',
      'error',
      record,
      `The answer is ${contentType === '' ? 'untyped' : inert(contentType)}, not text/event-stream or the AG-UI protobuf type: ${bodyExcerpt(record)}.`,
    );
  }
  if (x.end === 'timeout') {
    return probeFinding(
      'probe/hang',
      'error',
      record,
      `No RUN_FINISHED or RUN_ERROR within ${timeoutMs} ms (the stream stayed open): the probe gave up.`,
    );
  }
  return undefined;
}

/** RUN_STARTED names the threadId and runId the request sent. */
export function echoProblem(record: ExchangeRecord, answer: Answer): Finding | undefined {
  const ids = record.ids;
  const started = answer.events.find((e) => e.type === 'RUN_STARTED');
  if (ids === undefined || started === undefined) return undefined;
  const thread = str(started.payload['threadId']);
  const run = str(started.payload['runId']);
  if (thread === ids.threadId && run === ids.runId) return undefined;
  const said = `threadId ${JSON.stringify(thread ?? null)}, runId ${JSON.stringify(run ?? null)}`;
  return probeFinding(
    'probe/run-started-echo',
    'error',
    record,
    `RUN_STARTED says ${inert(said)}; the request sent threadId "${ids.threadId}", runId "${ids.runId}". A client files the run under the wrong thread.`,
    [started.index],
  );
}

/** The run was asked for and failed. */
export function runErrorProblem(record: ExchangeRecord, answer: Answer): Finding | undefined {
  const error = answer.events.find((e) => e.type === 'RUN_ERROR');
  if (error === undefined) return undefined;
  const message = str(error.payload['message']) ?? '';
  return probeFinding(
    'probe/run-error',
    'error',
    record,
    `The run failed with RUN_ERROR${message !== '' ? `: ${inert(message)}` : ''}.`,
    [error.index],
  );
}

/** A stream that ended without starting a run: the client sees nothing happen. */
export function noRunProblem(record: ExchangeRecord, answer: Answer): Finding | undefined {
  if (record.exchange.end === 'timeout' || answer.types.has('RUN_STARTED') || answer.types.has('RUN_ERROR'))
    return undefined;
  return probeFinding(
    'probe/no-run',
    'error',
    record,
    `The event stream ended after ${answer.events.length} event(s) without RUN_STARTED or RUN_ERROR: the client sees nothing happen and no reason why.`,
  );
}

/**
 * A body that ended with a run still open (no RUN_FINISHED or RUN_ERROR): HttpAgent resolves
 * such a run as if it had succeeded, so the application shows a cut answer as complete.
 */
export function noTerminalProblem(record: ExchangeRecord, answer: Answer): Finding | undefined {
  const end = record.exchange.end;
  if (end !== 'complete' && end !== 'error') return undefined;
  const cut = answer.runs.find((r) => r.status === 'truncated' || r.status === 'aborted');
  if (cut === undefined) return undefined;
  const open = cut.toolCalls.find((c) => c.status === 'unclosed' || c.status === 'streaming');
  const where = open !== undefined ? ` in the middle of tool call ${inert(open.name)} (${inert(open.toolCallId)})` : '';
  return probeFinding(
    'probe/no-terminal',
    'error',
    record,
    `The body ended${where} without RUN_FINISHED or RUN_ERROR: @ag-ui/client resolves the run as if it had succeeded, so the application shows a cut answer as complete.`,
    [cut.lastEvent],
  );
}

/** All the contracts of a run the probe expects to succeed. */
export function runContracts(record: ExchangeRecord, answer: Answer, timeoutMs: number): Finding[] {
  const transport = transportProblem(record, timeoutMs);
  if (transport !== undefined && transport.rule !== 'probe/hang') return [transport];
  return [
    transport,
    transport === undefined ? noRunProblem(record, answer) : undefined,
    transport === undefined ? noTerminalProblem(record, answer) : undefined,
    echoProblem(record, answer),
    runErrorProblem(record, answer),
  ].filter((f): f is Finding => f !== undefined);
}
