// What an exchange's answer holds, read back from the inspector's model: the wire
// events in order, the event types after chunk expansion, and the runs.
import type { RunModel } from '../../core/model/types.js';
import { isRecord } from '../core-deps.js';
import type { ExchangeRecord, ProbeSession } from './probe-session.js';

export interface WireEvent {
  readonly index: number;
  readonly type: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

export interface Answer {
  readonly events: readonly WireEvent[];
  /** Wire and expanded types: a TEXT_MESSAGE_CHUNK also counts as TEXT_MESSAGE_START. */
  readonly types: ReadonlySet<string>;
  readonly runs: readonly RunModel[];
}

export function answerOf(session: ProbeSession, record: ExchangeRecord): Answer {
  const stream = session.stream(record);
  const events: WireEvent[] = [];
  const types = new Set<string>();
  // An answer cut at --max-bytes is judged by that alone: reading its events back (each
  // decoded again) would cost several times the bytes the bound just kept out.
  if (stream !== undefined && record.exchange.end !== 'too-large') {
    for (let i = 0; i < stream.rawEvents.length; i++) {
      const e = stream.rawEvents.at(i);
      if (e === undefined) continue;
      types.add(e.type);
      events.push({ index: e.index, type: e.type, payload: isRecord(e.payload) ? e.payload : {} });
    }
    for (let i = 0; i < stream.expanded.length; i++) {
      const e = stream.expanded.at(i);
      if (e !== undefined) types.add(e.type);
    }
  }
  const runs = session.inspector.model.runs.filter((r) => r.streamId === record.streamId);
  return { events, types, runs };
}
