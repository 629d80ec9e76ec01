// Our receive path, as the panel drives it: one SSE stream fed in network-sized pieces
// through createInspector (decode + chunk expansion + reducer + every rule).
import { createInspector } from '../src/core/pipeline/create-inspector.js';
import type { Inspector } from '../src/core/inspector.js';

/** `copy`: give each piece its own buffer, as network reads do (for memory figures). */
export function feedOurs(bytes: Uint8Array, piece = 4096, copy = false): Inspector {
  const inspector = createInspector();
  inspector.openStream({
    streamId: 'bench', transport: 'fetch', encoding: 'sse', url: 'http://agent.test/run', method: 'POST',
    requestHeaders: {}, requestBody: JSON.stringify({ threadId: 'thread-0', runId: 'run-0', messages: [], tools: [] }),
    status: 200, contentType: 'text/event-stream', startedAt: 0,
  });
  for (let i = 0; i < bytes.length; i += piece) inspector.appendBytes('bench', copy ? bytes.slice(i, i + piece) : bytes.subarray(i, i + piece), i);
  inspector.endStream('bench', { reason: 'complete', t: bytes.length });
  return inspector;
}
