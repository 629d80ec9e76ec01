// A profiling target for the facade alone (silent rule engine): where the store's time goes.
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile-facade.ts
import { createInspector } from '../src/core/pipeline/create-inspector.js';
import { createSilentRuleEngine } from '../src/core/pipeline/deps.js';
import { generateSession } from './session-gen.js';

const session = generateSession(100_000);
const bytes = session.bytes;
for (let rep = 0; rep < 4; rep++) {
  const start = performance.now();
  const insp =
    process.argv[2] === 'rules'
      ? createInspector()
      : createInspector({ deps: { createRuleEngine: createSilentRuleEngine } });
  insp.openStream({
    streamId: 'b',
    transport: 'fetch',
    encoding: 'sse',
    url: 'u',
    method: 'POST',
    requestHeaders: {},
    status: 200,
    contentType: 'text/event-stream',
    startedAt: 0,
  });
  for (let i = 0; i < bytes.length; i += 4096) insp.appendBytes('b', bytes.subarray(i, i + 4096), i);
  insp.endStream('b', { reason: 'complete', t: bytes.length });
  console.log(`facade: ${(performance.now() - start).toFixed(0)} ms, runs=${insp.model.runs.length}`);
}
