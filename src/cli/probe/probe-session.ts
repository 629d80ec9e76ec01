// The probe's session: every exchange goes through one inspector, live, as the panel
// feeds a captured stream, so each answer gets the findings `lint` gives (cross-run rules
// included: a frontend call's answer in the next run). It also keeps each exchange as
// sent and received, for the contracts and the saved HAR.
import type { StreamEndReason } from '../../core/capture.js';
import type { Finding } from '../../core/findings.js';
import type { Inspector } from '../../core/inspector.js';
import {
  createInspector,
  DEFAULT_TIMING_LIMITS,
  encodingForContentType,
  getRun,
  getStream,
  headerRecord,
} from '../core-deps.js';
import type { StreamModel } from '../../core/model/types.js';
import { sendExchange, type Exchange, type ExchangeEnd, type Piece } from './http-exchange.js';
import type { RunIds } from './run-input.js';

export interface ExchangeRecord {
  readonly streamId: string;
  readonly step: string;
  readonly url: string;
  /** As sent, credential values replaced. */
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody: string;
  /** The ids the request carried (absent for a malformed body). */
  readonly ids?: RunIds;
  readonly exchange: Exchange;
  /** Whether the answer went through the inspector (an AG-UI event stream). */
  readonly inspected: boolean;
  /** The --max-bytes bound the answer was read under. */
  readonly maxBytes: number;
}

export interface SendOptions {
  readonly step: string;
  readonly body: string;
  readonly ids?: RunIds;
  readonly timeoutMs: number;
  readonly graceMs?: number;
  /** Abort once the stream has this many events. */
  readonly cancelAfterEvents?: number;
}

const END_REASON: Readonly<Record<ExchangeEnd, StreamEndReason>> = {
  complete: 'complete',
  cancelled: 'aborted',
  // The probe gave up waiting, as a page aborting a hung request does.
  timeout: 'aborted',
  error: 'error',
  // The probe stopped copying at its byte bound: the cut tail is ours, not the server's.
  'too-large': 'capture-truncated',
  // The probe stopped reading after the end grace, as a page gives up on a body.
  'open-after-terminal': 'aborted',
};

/** What bounds each answer (`--max-bytes`, `--end-grace`, `--stall`). */
export interface AnswerLimits {
  /** Body bytes read from one answer at most. */
  readonly maxBytes: number;
  /** How long a body may stay open after its run's terminal event. */
  readonly endGraceMs: number;
  /** How long an open run may go without an event before that silence is a stall. */
  readonly stallMs: number;
}

export const DEFAULT_ANSWER_LIMITS: AnswerLimits = Object.freeze({
  maxBytes: 64 * 1024 * 1024,
  endGraceMs: 5000,
  stallMs: DEFAULT_TIMING_LIMITS.stallMs,
});

export interface ProbeSession {
  readonly inspector: Inspector;
  readonly records: readonly ExchangeRecord[];
  send(options: SendOptions): Promise<ExchangeRecord>;
  stream(record: ExchangeRecord): StreamModel | undefined;
  findingsOf(record: ExchangeRecord): readonly Finding[];
}

/** The stream's last run has reached RUN_FINISHED or RUN_ERROR. */
function endedRun(inspector: Inspector, stream: StreamModel): boolean {
  const key = stream.runKeys[stream.runKeys.length - 1];
  const run = key === undefined ? undefined : getRun(inspector.model, key);
  return run?.status === 'finished' || run?.status === 'errored';
}

export function createProbeSession(
  url: URL,
  headers: Readonly<Record<string, string>>,
  /** The URL as shown and saved: credential parameters removed. */
  shownUrl: string,
  limits: AnswerLimits = DEFAULT_ANSWER_LIMITS,
): ProbeSession {
  const inspector = createInspector({
    timing: { openAfterTerminalMs: limits.endGraceMs, stallMs: limits.stallMs },
  });
  const records: ExchangeRecord[] = [];
  let count = 0;
  const shownHeaders = headerRecord(Object.entries(headers).map(([name, value]) => ({ name, value })));

  async function send(o: SendOptions): Promise<ExchangeRecord> {
    count += 1;
    const streamId = `probe:${o.step}#${count}`;
    let opened = false;
    const startedAt = Date.now();
    const exchange = await sendExchange(
      {
        url,
        headers,
        body: o.body,
        timeoutMs: o.timeoutMs,
        ...(o.graceMs !== undefined ? { graceMs: o.graceMs } : {}),
        maxBytes: limits.maxBytes,
        endGraceMs: limits.endGraceMs,
      },
      {
        onHead: (head, t) => {
          const encoding = encodingForContentType(head.contentType);
          if (encoding === undefined) return;
          opened = true;
          inspector.openStream({
            streamId,
            transport: 'fetch',
            encoding,
            url: shownUrl,
            method: 'POST',
            requestHeaders: shownHeaders,
            requestBody: o.body,
            status: head.status,
            contentType: head.contentType,
            startedAt: t,
            requestedAt: startedAt,
          });
        },
        onPiece: (piece: Piece) => {
          if (!opened) return;
          inspector.appendBytes(streamId, piece.data, piece.t);
          const stream = getStream(inspector.model, streamId);
          const events = stream?.rawEvents.length ?? 0;
          if (o.cancelAfterEvents !== undefined && events >= o.cancelAfterEvents) return 'cancel';
          if (stream !== undefined && endedRun(inspector, stream)) return 'terminal';
        },
      },
    );
    if (opened) {
      // Bytes after the abort still reach the inspector: they are part of what the server did.
      const fed = exchange.cancel !== undefined ? exchange.pieces.slice(exchange.cancel.firstPieceAfter) : [];
      for (const piece of fed) inspector.appendBytes(streamId, piece.data, piece.t);
      // Judged while still open, as it was when the probe stopped reading.
      if (exchange.end === 'open-after-terminal') inspector.tick(exchange.endedAt);
      inspector.endStream(streamId, {
        reason: END_REASON[exchange.end],
        t: exchange.endedAt,
        ...(exchange.error !== undefined ? { error: exchange.error } : {}),
      });
    }
    const record: ExchangeRecord = {
      streamId,
      step: o.step,
      url: shownUrl,
      requestHeaders: shownHeaders,
      requestBody: o.body,
      ...(o.ids !== undefined ? { ids: o.ids } : {}),
      exchange,
      inspected: opened,
      maxBytes: limits.maxBytes,
    };
    records.push(record);
    return record;
  }

  return {
    inspector,
    records,
    send,
    stream: (r) => getStream(inspector.model, r.streamId),
    findingsOf: (r) => inspector.model.findings.filter((f) => f.streamId === r.streamId),
  };
}
