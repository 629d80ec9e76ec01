// The Events tab's columns for one row: its run (by number), the id it is about (a call's or
// a message's, by the part that tells it apart from its siblings), and whether it is the
// first event of its stream or run (a visible boundary: numbering is per stream).
import type { RunModel } from '../../core/model/types.js';
import type { DistinguishingPart } from '../../core/labels/distinguishing-part.js';
import { callIdPart, messageIdPart } from './call-id-parts.js';

export interface EventColumns {
  /** `#3`, or '' outside any run. */
  readonly run: string;
  /** `call …dd61c`, `msg …a1b2`, or '' when the event is about neither. */
  readonly id: string;
  /** The whole id, for the tooltip. */
  readonly idTitle: string;
  /** 'stream' on a stream's first event, 'run' on a later run's first, else undefined. */
  readonly begins?: 'stream' | 'run';
}

const rec = (p: unknown): Record<string, unknown> | undefined =>
  p !== null && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : undefined;

export function eventColumns(
  payload: unknown,
  wireIndex: number,
  run: RunModel | undefined,
  runNumber: (run: RunModel) => string,
  synthesized: boolean,
): EventColumns {
  const p = rec(payload);
  const callId = typeof p?.toolCallId === 'string' ? p.toolCallId : undefined;
  const messageId = typeof p?.messageId === 'string' ? p.messageId : undefined;
  let id = '';
  let idTitle = '';
  const part = (kind: string, whole: string, d: DistinguishingPart): void => {
    id = `${kind} ${d.text}`;
    idTitle = `${kind === 'call' ? 'toolCallId' : 'messageId'} ${whole}`;
  };
  if (callId !== undefined)
    part('call', callId, run ? callIdPart(run, callId) : { text: callId, side: 'whole', kept: callId });
  else if (messageId !== undefined)
    part('msg', messageId, run ? messageIdPart(run, messageId) : { text: messageId, side: 'whole', kept: messageId });
  const begins = synthesized
    ? undefined
    : wireIndex === 0
      ? 'stream'
      : run && run.firstEvent === wireIndex
        ? 'run'
        : undefined;
  return { run: run ? runNumber(run) : '', id, idTitle, ...(begins ? { begins } : {}) };
}
