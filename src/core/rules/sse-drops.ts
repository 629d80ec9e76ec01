// Findings for SSE material the client's parser discarded (src/core/framing/sse-drops.ts):
// reported by the pipeline as the decoder records it, since no event carries it.
import type { Finding } from '../findings.js';
import type { Keyed } from '../keyed.js';
import type { RunModel } from '../model/types.js';
import { ruleOf, type RuleId } from '../catalogue/catalogue.js';
import { looksLikeEvent, type DroppedSse } from '../framing/sse-drops.js';

/** Findings per stream for discarded material: a body of nothing else would flood the list. */
export const DROPS_REPORTED_PER_STREAM = 20;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function message(drop: DroppedSse, last: boolean): string {
  const quoted = JSON.stringify(drop.line);
  const asEvent = looksLikeEvent(drop.line) ? ', which looks like an AG-UI event missing its "data:" prefix' : '';
  const more = last ? ' Further material the parser discards on this stream is not reported.' : '';
  if (drop.kind === 'ignored-line')
    return `Event #${drop.afterEvent} (bytes ${drop.start}–${drop.end}): ${drop.lines === 1 ? 'a line of its block names' : `${drop.lines} lines of its block name`} no SSE field (first ${quoted}${asEvent}); the client's SSE parser skips them, so the application never sees them.${more}`;
  const after = drop.afterEvent >= 0 ? `after event #${drop.afterEvent}` : 'before any event';
  return `Bytes ${drop.start}–${drop.end} (${after}): a block with ${plural(drop.lines, 'line')} and no "data:" field (first ${quoted}${asEvent}); the client's SSE parser discards it, so the application never sees it.${more}`;
}

/** The finding for one discarded block or line; `last`: the stream's last one reported. */
export function droppedFinding(drop: DroppedSse, streamId: string, run: RunModel | undefined, last: boolean): Finding {
  const rule: RuleId = drop.kind === 'no-data' ? 'sse/no-data-field' : 'sse/ignored-line';
  const f: Keyed<Finding> = {
    rule,
    severity: ruleOf(rule).severity,
    message: message(drop, last),
    streamId,
    threadId: run?.threadId,
    runId: run?.runId,
    events: drop.afterEvent >= 0 ? [drop.afterEvent] : [],
    toolCallId: undefined,
    messageId: undefined,
    t: drop.t,
  };
  return f;
}
