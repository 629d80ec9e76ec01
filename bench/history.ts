// Long conversations: every run's request carries the whole history, so a run start costs
// at least its input's size. Does it cost more than that? Builds one thread of N runs
// (each a frontend call answered in the next run's history) and times the last runs per
// KB of request body, at two thread lengths; linear work gives a ratio near 1. (Answer
// matching once searched earlier runs per tool message: history × runs per run start.)
import { createInspector } from '../src/core/pipeline/create-inspector.js';
import type { Inspector } from '../src/core/inspector.js';
import { cpuMs } from './cpu.js';

const enc = new TextEncoder();
const TAIL = 60;

function runBody(k: number): Uint8Array {
  const ev = (e: object): string => `data: ${JSON.stringify(e)}\n\n`;
  return enc.encode(
    [
      ev({ type: 'RUN_STARTED', threadId: 't', runId: `r${k}` }),
      ev({ type: 'TOOL_CALL_START', toolCallId: `c${k}`, toolCallName: 'confirm' }),
      ev({ type: 'TOOL_CALL_ARGS', toolCallId: `c${k}`, delta: '{"q":"ok?"}' }),
      ev({ type: 'TOOL_CALL_END', toolCallId: `c${k}` }),
      ev({ type: 'RUN_FINISHED', threadId: 't', runId: `r${k}` }),
    ].join(''),
  );
}

/** µs of core time per KB of request body over the last TAIL runs of a thread of `runs`. */
function costPerKb(runs: number): number {
  const insp: Inspector = createInspector();
  const history: object[] = [];
  const tools = [{ name: 'confirm', description: 'ask', parameters: { type: 'object' } }];
  let ms = 0;
  let bytes = 0;
  for (let k = 0; k < runs; k++) {
    const body = JSON.stringify({ threadId: 't', runId: `r${k}`, messages: history, tools });
    const events = runBody(k);
    const start = cpuMs();
    insp.openStream({
      streamId: `s${k}`,
      transport: 'fetch',
      encoding: 'sse',
      url: 'http://agent.test/run',
      method: 'POST',
      requestHeaders: {},
      requestBody: body,
      status: 200,
      contentType: 'text/event-stream',
      startedAt: k,
    });
    insp.appendBytes(`s${k}`, events, k);
    insp.endStream(`s${k}`, { reason: 'complete', t: k });
    if (k >= runs - TAIL) {
      ms += cpuMs() - start;
      bytes += body.length + events.length;
    }
    history.push(
      {
        id: `a${k}`,
        role: 'assistant',
        toolCalls: [{ id: `c${k}`, type: 'function', function: { name: 'confirm', arguments: '{"q":"ok?"}' } }],
      },
      { id: `m${k}`, role: 'tool', toolCallId: `c${k}`, content: 'yes' },
    );
  }
  const answered = insp.model.runs.length;
  if (answered !== runs) throw new Error(`expected ${runs} runs, saw ${answered}`);
  return (ms * 1000) / (bytes / 1024);
}

export function runHistoryBench(): { short: number; long: number; ratio: number; goal: number; ok: boolean } {
  costPerKb(100); // warm-up
  // Alternating rounds, medians: one tail is a few hundred ms, where a neighbour's burst shows.
  const shorts: number[] = [];
  const longs: number[] = [];
  for (let i = 0; i < 3; i++) {
    shorts.push(costPerKb(200));
    longs.push(costPerKb(800));
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[1]!;
  const short = median(shorts);
  const long = median(longs);
  const ratio = long / short;
  const goal = 2;
  return { short, long, ratio, goal, ok: ratio <= goal };
}
