import { createInspector } from '../src/core/pipeline/create-inspector.js';
import { createSilentRuleEngine } from '../src/core/pipeline/deps.js';
import { generateSession } from './session-gen.js';
const s = generateSession(Number(process.argv[2] ?? 100000));
for (let r = 0; r < 2; r++) {
const t0 = performance.now();
const insp = createInspector({ deps: { createRuleEngine: createSilentRuleEngine } });
insp.openStream({ streamId: 'bench', transport: 'fetch', encoding: 'sse', url: 'x', method: 'POST', requestHeaders: {}, status: 200, contentType: 'text/event-stream', startedAt: 0 });
for (let i = 0; i < s.bytes.length; i += 4096) insp.appendBytes('bench', s.bytes.subarray(i, i + 4096), i);
insp.endStream('bench', { reason: 'complete', t: 1 });
console.log(performance.now() - t0);
}
