// Our receive path, as the panel drives it: one SSE stream fed in network-sized pieces
// through createInspector (decode + chunk expansion + reducer + every rule).
import { createInspector } from '../src/core/pipeline/create-inspector.js';
import type { Inspector } from '../src/core/inspector.js';

/** Byte offsets just past each SSE frame's blank line ("\n\n"): one live event per piece. */
export function eventEnds(bytes: Uint8Array): number[] {
  const ends: number[] = [];
  for (let i = 1; i < bytes.length; i++) if (bytes[i] === 0x0a && bytes[i - 1] === 0x0a) ends.push(i + 1);
  if (ends[ends.length - 1] !== bytes.length) ends.push(bytes.length);
  return ends;
}

function open(): Inspector {
  const inspector = createInspector();
  inspector.openStream({
    streamId: 'bench',
    transport: 'fetch',
    encoding: 'sse',
    url: 'http://agent.test/run',
    method: 'POST',
    requestHeaders: {},
    requestBody: JSON.stringify({ threadId: 'thread-0', runId: 'run-0', messages: [], tools: [] }),
    status: 200,
    contentType: 'text/event-stream',
    startedAt: 0,
  });
  return inspector;
}

/**
 * `piece`: bytes per appendBytes call, or 'events' (or eventEnds' result) for one SSE
 * frame per call (live ingest).
 * `copy`: give each piece its own buffer, as network reads do (for memory figures).
 */
export function feedOurs(
  bytes: Uint8Array,
  piece: number | 'events' | readonly number[] = 4096,
  copy = false,
): Inspector {
  const inspector = open();
  const slice = (a: number, b: number) => (copy ? bytes.slice(a, b) : bytes.subarray(a, b));
  // An array: the frame ends from eventEnds(), computed once outside a timed loop.
  if (typeof piece !== 'number') {
    let from = 0;
    for (const end of piece === 'events' ? eventEnds(bytes) : piece) {
      inspector.appendBytes('bench', slice(from, end), from);
      from = end;
    }
  } else {
    for (let i = 0; i < bytes.length; i += piece) inspector.appendBytes('bench', slice(i, i + piece), i);
  }
  inspector.endStream('bench', { reason: 'complete', t: bytes.length });
  return inspector;
}
