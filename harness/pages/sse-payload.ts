// Deterministic AG-UI SSE payloads and chunkings, shared by the e2e server and the bench.
import { createHash } from 'node:crypto';

/**
 * `events` AG-UI events as SSE (one run, one text message), with multi-byte UTF-8. `pad`
 * ASCII characters more in each delta: fewer, bigger events carrying the same bytes, where
 * a test's limit counts bytes and each event costs the panel a parse.
 */
export function ssePayload(events: number, threadId = 't1', runId = 'r1', compact = false, pad = 0): Buffer {
  const padding = 'x'.repeat(pad);
  const lines: string[] = [];
  const ev = (o: object): void => void lines.push(`data: ${JSON.stringify(o)}\n\n`);
  ev({ type: 'RUN_STARTED', threadId, runId });
  ev({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' });
  for (let i = 0; i < Math.max(0, events - 4); i++)
    ev({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: (compact ? `€${i} ` : `héllo € ${i} `) + padding });
  ev({ type: 'TEXT_MESSAGE_END', messageId: 'm1' });
  ev({ type: 'RUN_FINISHED', threadId, runId });
  return Buffer.from(lines.join(''), 'utf8');
}

export function sha256(b: Uint8Array): string {
  return createHash('sha256').update(b).digest('hex');
}

/** Split points from a seeded generator: chunks of 1..max bytes, cutting mid-line and mid-UTF-8. */
export function chunkSizes(total: number, seed: number, max = 1500): number[] {
  let s = seed >>> 0 || 1;
  const out: number[] = [];
  let left = total;
  while (left > 0) {
    s = (s * 1103515245 + 12345) >>> 0;
    const n = Math.min(left, 1 + (s % max));
    out.push(n);
    left -= n;
  }
  return out;
}
