import { createReadStream } from 'node:fs';
import { inspectStream } from './src/core/io/stream/inspect-stream.ts';
const file = process.argv[2]!; const mode = process.argv[3] as 'all'|'findings';
const open = () => createReadStream(file, { highWaterMark: 1 << 16 }) as AsyncIterable<Uint8Array>;
const r = await inspectStream(file, open, { retain: mode });
(globalThis as any).gc();
const m = process.memoryUsage();
console.log(mode, 'heapUsed', (m.heapUsed/1e6).toFixed(0), 'rss', (m.rss/1e6).toFixed(0), 'ab', (m.arrayBuffers/1e6).toFixed(0), 'peak', (process.resourceUsage().maxRSS/1e3).toFixed(0), r === 'whole' ? 'whole' : r.ok ? r.model.runs.length : r.error);
if (process.argv[4]) { const v8 = await import('node:v8'); v8.writeHeapSnapshot(process.argv[4]); (globalThis as any).keep = r; }
