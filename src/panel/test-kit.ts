// Builders for RelayMessages as the page side would send them, used by component tests,
// the e2e harness and the benchmark. Browser-safe (no Node APIs).
import type { RelayMessage } from '../bridge/messages.js';
import { encodeBase64 } from './core-deps.js';

export interface StreamScript {
  readonly streamId: string;
  readonly url?: string;
  readonly requestBody?: unknown;
  readonly t0?: number;
  /** ms between chunks. */
  readonly step?: number;
  /** Marks the stream as answered by a replay (docs/replay.md). */
  readonly replayed?: {
    readonly source: string;
    readonly armId: string;
    readonly index: number;
    readonly recordedUrl?: string;
  };
}

const encoder = new TextEncoder();

export function sseFrame(event: unknown): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** stream-open, one stream-chunk per piece (bytes as base64), stream-end. */
export function relayStream(
  script: StreamScript,
  pieces: readonly (string | Uint8Array)[],
  end = true,
): RelayMessage[] {
  const t0 = script.t0 ?? 1_764_700_000_000;
  const step = script.step ?? 10;
  let seq = 0;
  const out: RelayMessage[] = [
    {
      kind: 'stream-open',
      streamId: script.streamId,
      seq: seq++,
      t: t0,
      transport: 'fetch',
      encoding: 'sse',
      url: script.url ?? 'http://localhost/agent',
      method: 'POST',
      requestHeaders: { 'content-type': 'application/json' },
      ...(script.requestBody !== undefined ? { requestBody: JSON.stringify(script.requestBody) } : {}),
      status: 200,
      contentType: 'text/event-stream',
      frameUrl: 'http://localhost/',
      ...(script.replayed ? { replayed: script.replayed } : {}),
    },
  ];
  pieces.forEach((p, i) => {
    const bytes = typeof p === 'string' ? encoder.encode(p) : p;
    out.push({
      kind: 'stream-chunk',
      streamId: script.streamId,
      seq: seq++,
      t: t0 + (i + 1) * step,
      base64: encodeBase64(bytes),
    });
  });
  if (end)
    out.push({
      kind: 'stream-end',
      streamId: script.streamId,
      seq: seq++,
      t: t0 + (pieces.length + 1) * step,
      reason: 'complete',
    });
  return out;
}

/** One SSE frame per event. */
export function relayEvents(script: StreamScript, events: readonly unknown[], end = true): RelayMessage[] {
  return relayStream(script, events.map(sseFrame), end);
}

/** A small run with one tool call that is reopened under a new name, plus a text message. */
export function sampleRunEvents(runId = 'run-1', threadId = 'thread-1'): unknown[] {
  return [
    { type: 'RUN_STARTED', threadId, runId },
    { type: 'TEXT_MESSAGE_START', messageId: 'msg-1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'msg-1', delta: 'Looking it up' },
    { type: 'TEXT_MESSAGE_END', messageId: 'msg-1' },
    { type: 'TOOL_CALL_START', toolCallId: 'call-1', toolCallName: 'search_docs', parentMessageId: 'msg-1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: '{"query"' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: ':"refund' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: ' policy"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'call-1' },
    { type: 'TOOL_CALL_START', toolCallId: 'call-1', toolCallName: 'search_web', parentMessageId: 'msg-1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: '{"x":1}' },
    { type: 'TOOL_CALL_END', toolCallId: 'call-1' },
    {
      type: 'TOOL_CALL_RESULT',
      messageId: 'tool-1',
      toolCallId: 'call-1',
      role: 'tool',
      content: 'Refunds within 30 days.',
    },
    { type: 'RUN_FINISHED', threadId, runId },
  ];
}
