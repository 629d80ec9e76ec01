// The timing figures a probe step prints: for its first answer's run, time to response
// headers, to the first event, to the first text or tool-call token, and in total.
import type { RunModel } from '../../core/model/types.js';
import { runTiming } from '../core-deps.js';
import type { ExchangeRecord, ProbeSession } from './probe-session.js';

const ms = (n: number): string => (n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)} s` : `${Math.round(n)} ms`);

export function timingNote(session: ProbeSession, records: readonly ExchangeRecord[]): string | undefined {
  const record = records.find((r) => r.inspected);
  const stream = record === undefined ? undefined : session.stream(record);
  if (record === undefined || stream === undefined) return undefined;
  const key = stream.runKeys[0];
  const run: RunModel | undefined = session.inspector.model.runs.find((r) => r.key === key);
  if (run === undefined) return undefined;
  const t = runTiming(stream, run, undefined, record.exchange.endedAt);
  const parts = [
    t.headersMs !== undefined ? `headers ${ms(t.headersMs)}` : undefined,
    t.firstEventMs !== undefined ? `first event ${ms(t.firstEventMs)}` : undefined,
    t.firstTokenMs !== undefined ? `first token ${ms(t.firstTokenMs)}` : undefined,
    t.totalMs !== undefined ? `total ${ms(t.totalMs)}` : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(', ') : undefined;
}
