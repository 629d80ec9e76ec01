// Runs and transport: the frame the tool rules stand on (run lifecycle, SSE framing,
// decodable events). Decode problems arrive on the RawEvent; the run phase is ours.
import type { RawEvent } from '../events/types.js';
import type { StreamModel } from '../model/types.js';
import type { At, Out } from './out.js';
import type { RuleId } from '../catalogue/catalogue.js';
import { ADJUSTMENT_RULE } from './client-adjustments.js';

function problemRule(problem: RawEvent['problems'][number], encoding: string | undefined): RuleId {
  // The proto decoder reports a frame that is not an ag_ui.Event as malformed field '(frame)'.
  if (encoding === 'proto' && problem.kind === 'malformed' && problem.field === '(frame)')
    return 'proto/undecodable-frame';
  switch (problem.kind) {
    case 'invalid-json':
      return 'sse/invalid-json';
    case 'not-an-object':
    case 'malformed':
      return 'event/malformed';
    case 'null-field':
      return 'event/null-field';
    case 'unknown-type':
      return 'event/unknown-type';
    case 'adjusted':
      return ADJUSTMENT_RULE[problem.what];
    case 'truncated-frame':
      return encoding === 'proto' ? 'proto/truncated-frame' : 'sse/unterminated-event';
    case 'invalid-utf8':
      return 'sse/invalid-utf8';
  }
}

export function checkRawProblems(raw: RawEvent, stream: StreamModel | undefined, out: Out): void {
  const at: At = { events: [raw.index], t: raw.t };
  for (const problem of Array.isArray(raw.problems) ? raw.problems : []) {
    const rule = problemRule(problem, stream?.info.encoding);
    const field = 'field' in problem ? ` (field ${problem.field})` : '';
    const type = raw.type !== '' ? `${raw.type} ` : '';
    out.add(rule, `${type}event #${raw.index}${field}: ${problem.message}`, at);
  }
}

/** Whether the stream's line endings are anything but LF (sse/crlf-framing). */
export function hasOddLineEnding(stream: StreamModel | undefined): boolean {
  const ending = stream?.lineEnding;
  return ending === 'crlf' || ending === 'mixed' || ending === 'cr';
}

/** Once per stream: report CR/CRLF framing as soon as the framer has seen it. */
export function checkLineEnding(stream: StreamModel | undefined, at: At, out: Out): boolean {
  const ending = stream?.lineEnding;
  if (!hasOddLineEnding(stream)) return false;
  const how = ending === 'mixed' ? 'a mix of LF and CRLF' : ending === 'cr' ? 'CR only' : 'CRLF';
  out.add(
    'sse/crlf-framing',
    `This stream frames events with ${how} line endings; the spec requires LF, and the reference client (which splits on "\\n\\n") fails to parse it.`,
    at,
  );
  return true;
}

/**
 * Once per stream: an SSE event with an `event:` name, on a stream an EventSource could have
 * opened (not a POST). A browser EventSource dispatches it under that name, which an
 * `onmessage` consumer never receives; `@ag-ui/client`'s parseSSEStream (HttpAgent, a POST)
 * reads only the `data:` lines and handles it as usual, so a POST's named events are no
 * finding. Deliveries an EventSource tap recorded reached a listener the page added, so only
 * byte streams are judged.
 */
export function checkNamedEvent(raw: RawEvent, stream: StreamModel | undefined, out: Out): boolean {
  const name = raw.sseEvent;
  if (name === undefined || name === 'message' || stream?.info.encoding !== 'sse') return false;
  if (stream.info.method.toUpperCase() === 'POST') return true;
  out.add(
    'sse/named-event',
    `Event #${raw.index} carries "event: ${name}": an EventSource hands a named event only to addEventListener(${JSON.stringify(name)}) listeners, so a consumer listening with onmessage never sees it (@ag-ui/client's HttpAgent, which POSTs, ignores the field and reads the data as usual). Reported once per stream.`,
    { events: [raw.index], t: raw.t },
  );
  return true;
}
