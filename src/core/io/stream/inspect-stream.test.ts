// The streaming loader must judge exactly as the whole-file loader: every fixture, read in
// pieces of awkward sizes, gives the same findings, runs and notes (or the same error),
// unless it declines ('whole') and the caller reads the file whole.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectBytes, type Inspected } from '../inspect-bytes.js';
import { chunksOf } from './chunks.js';
import { inspectStream } from './inspect-stream.js';

const ROOT = join(import.meta.dirname, '../../../../test/fixtures');
const fixtures = [
  ...readdirSync(ROOT).filter((f) => /\.(sse|bin|har|json|jsonl)$/.test(f)),
  ...readdirSync(join(ROOT, 'demo'))
    .filter((f) => /\.(sse|bin|har)$/.test(f))
    .map((f) => `demo/${f}`),
];

const verdict = (r: Inspected) =>
  r.ok
    ? {
        findings: r.model.findings.map((f) => ({ ...f })),
        runs: r.model.runs.map((run) => [
          run.key,
          run.status,
          run.toolCalls.map((c) => [c.toolCallId, c.status, c.args]),
        ]),
        notes: r.notes,
      }
    : { error: r.error };

async function compare(name: string, bytes: Uint8Array, piece: number): Promise<string> {
  const streamed = await inspectStream(name, chunksOf(bytes, piece));
  if (streamed === 'whole') return 'whole';
  const { format, ...rest } = streamed as Inspected & { format?: string };
  expect(verdict(rest as Inspected)).toEqual(verdict(inspectBytes(name, bytes)));
  return format ?? 'error';
}

const enc = (s: string) => new TextEncoder().encode(s);

describe('inspectStream', () => {
  for (const file of fixtures) {
    it(`${file}: same verdicts as the whole-file loader`, async () => {
      const bytes = new Uint8Array(readFileSync(join(ROOT, file)));
      const kinds = new Set<string>();
      for (const piece of [1, 7, 4096, bytes.length + 1]) kinds.add(await compare(file, bytes, piece));
      expect(kinds.size).toBe(1);
      // Bodies and HARs are what streams; the rest is read whole.
      if (/\.(sse|bin)$/.test(file)) expect(kinds.has('whole')).toBe(false);
      // Small JSON and JSONL files are read whole.
      if (/\.(json|jsonl)$/.test(file)) expect([...kinds]).toEqual(['whole']);
    });
  }

  it('streams a HAR whose entries are in time order, and keeps no captured bytes', async () => {
    // The fixture lists its requests out of order; browsers write them in order.
    const har = JSON.parse(readFileSync(join(ROOT, 'frontend-round-trip.har'), 'utf8')) as {
      log: { entries: { startedDateTime: string }[] };
    };
    har.log.entries.sort((a, b) => Date.parse(a.startedDateTime) - Date.parse(b.startedDateTime));
    const bytes = enc(JSON.stringify(har, null, 2) + '\n');
    expect(await compare('x.har', bytes, 100)).toBe('har');
    const r = await inspectStream('x.har', chunksOf(bytes, 100));
    if (r === 'whole' || !r.ok) throw new Error('expected a streamed HAR');
    expect(r.format).toBe('har');
    expect(r.model.streams.length).toBeGreaterThan(0);
    const held = r.model.streams.flatMap((s) => s.chunks).filter((c) => c.kind === 'bytes' && c.data.length > 0);
    expect(held).toEqual([]);
  });

  it('declines a HAR whose entries are out of time order (the whole loader sorts them)', async () => {
    const entry = (at: string, run: string) => ({
      startedDateTime: at,
      time: 1,
      request: { method: 'POST', url: 'http://a.test/run', headers: [] },
      response: {
        status: 200,
        headers: [],
        content: {
          mimeType: 'text/event-stream',
          text: `data: {"type":"RUN_STARTED","threadId":"t","runId":"${run}"}\n\n`,
        },
      },
    });
    const har = { log: { entries: [entry('2026-01-01T00:00:02Z', 'b'), entry('2026-01-01T00:00:01Z', 'a')] } };
    expect(await inspectStream('x.har', chunksOf(enc(JSON.stringify(har)), 64))).toBe('whole');
    const sorted = { log: { entries: [...har.log.entries].reverse() } };
    expect(await compare('x.har', enc(JSON.stringify(sorted)), 64)).toBe('har');
  });

  it('feeds HAR entries that start together or take no time in the order the whole loader does', async () => {
    // Runs left open end with their stream: where a stream's end falls between the others'
    // opens decides what the rules see running.
    const sse = (run: string, extra = '', finish = true) =>
      `data: {"type":"RUN_STARTED","threadId":"t","runId":"${run}"}\n\n${extra}` +
      (finish ? `data: {"type":"RUN_FINISHED","threadId":"t","runId":"${run}"}\n\n` : '');
    const call = `data: {"type":"TOOL_CALL_START","toolCallId":"c","toolCallName":"f"}\n\n`;
    const entry = (at: string, time: number, body: string) => ({
      startedDateTime: at,
      time,
      request: { method: 'POST', url: 'http://a.test/run', headers: [] },
      response: { status: 200, headers: [], content: { mimeType: 'text/event-stream', text: body } },
    });
    const t = '2026-01-01T00:00:01.000Z';
    const har = {
      log: {
        entries: [
          entry(t, 0, sse('a', call, false)),
          entry(t, 5, sse('b')),
          entry(t, 0, sse('c', call, false)),
          entry('2026-01-01T00:00:01.005Z', 0, sse('d')),
        ],
      },
    };
    for (const piece of [16, 4096]) expect(await compare('x.har', enc(JSON.stringify(har)), piece)).toBe('har');
  });

  it('reads an invalid UTF-8 byte as a finding at its event, like the whole loader', async () => {
    const good = enc(
      'data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\nevent: custom\ndata: {"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"}\n\n',
    );
    const bad = new Uint8Array([
      ...good,
      ...enc('data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"'),
      0xff,
      ...enc('"}\n\n'),
    ]);
    for (const bytes of [good, bad]) expect(await compare('x.sse', bytes, 5)).toBe('sse');
    const r = await inspectStream('x.sse', chunksOf(bad, 5));
    if (r === 'whole' || !r.ok) throw new Error('expected a streamed body');
    expect(r.model.findings.map((f) => f.rule)).toContain('sse/invalid-utf8');
  });

  it('streams a JSONL file larger than its head with the same verdicts, times and notes', async () => {
    const lines = readFileSync(join(ROOT, 'events.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    const body: string[] = [];
    let length = 0; // of body.join('\n'), kept as it grows: joining it each round was quadratic
    const push = (...more: string[]) => {
      for (const l of more) {
        length += l.length + (body.length > 0 ? 1 : 0);
        body.push(l);
      }
    };
    // Runs repeated past the 1 MB head, with CRLF and blank lines, bad lines, a stamp that
    // goes back, and a last line with no line end.
    for (let i = 0; length < 1.3 * (1 << 20); i++) {
      push(...lines.map((l) => l.replace(/run-weather-1/g, `run-${i}`)));
      push(i % 50 === 7 ? '{not json' : '', '{"type":"CUSTOM","name":"n","value":1,"timestamp":5}\r');
    }
    expect(body.join('\n').length).toBe(length);
    const text = `\uFEFF${body.join('\n')}`;
    const bytes = enc(text);
    for (const piece of [4093, 65536]) expect(await compare('big.jsonl', bytes, piece)).toBe('jsonl');
    const r = await inspectStream('big.jsonl', chunksOf(bytes, 65536));
    if (r === 'whole' || !r.ok) throw new Error('expected a streamed JSONL');
    expect(r.notes.join('')).toMatch(/skipped \d+ line\(s\) that are not JSON/);
    expect(r.model.findings.length).toBeGreaterThan(0);
    // Each line's event is judged and let go: the model keeps no chunk of them.
    expect(r.model.streams[0]!.chunks).toEqual([]);
    // A .json name, a file of untyped lines, text that is not UTF-8: as the whole loader says.
    expect(await inspectStream('big.json', chunksOf(bytes, 65536))).toBe('whole');
    const untyped = enc(`${'{"a":1}\n'.repeat(150_000)}{"b":2}`);
    expect(await compare('u.jsonl', untyped, 65536)).toBe('error');
    expect(await inspectStream('bad.jsonl', chunksOf(new Uint8Array([...bytes, 0xff, 0x0a]), 65536))).toBe('whole');
  }, 60_000); // over a megabyte through the whole pipeline several times

  it('says an empty file is empty and declines text it does not stream', async () => {
    expect(await inspectStream('x.sse', chunksOf(new Uint8Array(0), 8))).toEqual({
      ok: false,
      error: 'x.sse: the file is empty',
    });
    expect(await inspectStream('x.json', chunksOf(enc('[{"type":"RUN_STARTED"}]'), 8))).toBe('whole');
    expect(await inspectStream('x.json', chunksOf(enc('{"format":"agui-inspector-session","log":{}}'), 8))).toBe(
      'whole',
    );
  });
});
