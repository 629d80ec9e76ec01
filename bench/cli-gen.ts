// Large lint inputs for bench/cli.ts, written piece by piece (never held whole): an SSE
// body shaped like bench/session-gen.ts (runs of streamed text, tool calls with many
// argument deltas and results) and a HAR whose entries carry such bodies.
import { createWriteStream, type WriteStream } from 'node:fs';

const WORDS =
  'the quick agent streams tokens while tools return structured results for the user interface to render'.split(' ');

/** One run's SSE frames (about 70 events, 7.5 KB). */
function runFrames(n: number, t0: number): string {
  const out: string[] = [];
  let t = t0;
  const emit = (e: Record<string, unknown>): void => {
    t += 7;
    out.push(`data: ${JSON.stringify({ ...e, timestamp: t })}\n\n`);
  };
  const threadId = `thread-${n % 7}`;
  const runId = `run-${n}`;
  emit({ type: 'RUN_STARTED', threadId, runId });
  const msg = `msg-${n}-a`;
  emit({ type: 'TEXT_MESSAGE_START', messageId: msg, role: 'assistant' });
  for (let i = 0; i < 20; i++)
    emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: msg, delta: `${WORDS[(n + i) % WORDS.length]!} ` });
  emit({ type: 'TEXT_MESSAGE_END', messageId: msg });
  const call = `call-${n}`;
  emit({ type: 'TOOL_CALL_START', toolCallId: call, toolCallName: 'search_records', parentMessageId: msg });
  const args = JSON.stringify({ query: WORDS.slice(0, 8).join(' '), filters: { year: 2025 }, limit: 25 });
  const size = Math.ceil(args.length / 30);
  for (let i = 0; i < args.length; i += size)
    emit({ type: 'TOOL_CALL_ARGS', toolCallId: call, delta: args.slice(i, i + size) });
  emit({ type: 'TOOL_CALL_END', toolCallId: call });
  emit({
    type: 'TOOL_CALL_RESULT',
    messageId: `tool-${n}`,
    toolCallId: call,
    role: 'tool',
    content: '{"rows":[1,2,3]}',
  });
  const reply = `msg-${n}-b`;
  emit({ type: 'TEXT_MESSAGE_START', messageId: reply, role: 'assistant' });
  for (let i = 0; i < 15; i++)
    emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: reply, delta: `${WORDS[(n * 3 + i) % WORDS.length]!} ` });
  emit({ type: 'TEXT_MESSAGE_END', messageId: reply });
  emit({ type: 'RUN_FINISHED', threadId, runId });
  return out.join('');
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await new Promise<void>((done) => out.once('drain', () => done()));
}

async function close(out: WriteStream): Promise<void> {
  await new Promise<void>((done, fail) => out.end((e?: Error | null) => (e ? fail(e) : done())));
}

/** Writes SSE frames of runs `first`.. until `bytes` are written; returns runs and events. */
async function writeRuns(out: WriteStream, bytes: number, first: number, escape: boolean) {
  let written = 0;
  let n = first;
  while (written < bytes) {
    let text = runFrames(n, 1_764_700_000_000 + n * 1000);
    if (escape) text = JSON.stringify(text).slice(1, -1);
    await write(out, text);
    written += text.length;
    n++;
  }
  return { runs: n - first, written };
}

export async function writeSseBody(path: string, bytes: number): Promise<{ runs: number }> {
  const out = createWriteStream(path);
  const { runs } = await writeRuns(out, bytes, 0, false);
  await close(out);
  return { runs };
}

/** The same runs as JSON Lines: one event per line. */
export async function writeJsonl(path: string, bytes: number): Promise<{ runs: number }> {
  const out = createWriteStream(path);
  let n = 0;
  for (let written = 0; written < bytes; n++) {
    const text = runFrames(n, 1_764_700_000_000 + n * 1000)
      .split('\n\n')
      .filter((f) => f !== '')
      .map((f) => `${f.slice('data: '.length)}\n`)
      .join('');
    await write(out, text);
    written += text.length;
  }
  await close(out);
  return { runs: n };
}

/** A Chrome-style HAR: entries in time order, each an event-stream response of `perEntry` bytes. */
export async function writeHar(path: string, bytes: number, perEntry: number): Promise<{ entries: number }> {
  const out = createWriteStream(path);
  await write(
    out,
    '{\n  "log": {\n    "version": "1.2",\n    "creator": { "name": "bench", "version": "1" },\n    "entries": [\n',
  );
  let entries = 0;
  let runs = 0;
  for (let written = 0; written < bytes; entries++) {
    const at = new Date(1_764_700_000_000 + entries * 60_000).toISOString();
    const head = JSON.stringify({
      startedDateTime: at,
      time: 1000,
      request: { method: 'POST', url: 'http://agent.test/run', headers: [] },
    }).slice(0, -1);
    await write(
      out,
      `${entries > 0 ? ',\n' : ''}      ${head},"response":{"status":200,"headers":[],"content":{"mimeType":"text/event-stream","text":"`,
    );
    const r = await writeRuns(out, perEntry, runs, true);
    runs += r.runs;
    written += r.written;
    await write(out, '"}}}');
  }
  await write(out, '\n    ]\n  }\n}\n');
  await close(out);
  return { entries };
}
