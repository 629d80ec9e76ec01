// `serve` of a saved SSE body kept as an index: the body is read from the file (here an
// injected reader that counts its reads) only when a request asks for it, in pieces, and
// the client gets the same bytes as from the body held whole, with ids rewritten or kept.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIXTURES } from '../../../test/fixtures/read-fixture.js';
import type { OpenChunks } from '../../core/io/stream/chunks.js';
import { main } from '../main.js';
import { memoryIo } from '../memory-io.test-helper.js';
import { bodyOf, recordingOf, type ServedRun } from '../recording.js';
import { withRequestIdsStreamed } from './rewrite-ids.js';
import { startReplayServer, type ReplayServer, type ServeOptions } from './server.js';
import { tableOf } from './patch-table.js';
import { idPatchScan, streamedRecording } from './streamed-recording.js';

const OPTIONS: ServeOptions = {
  port: 0,
  host: '127.0.0.1',
  speed: Infinity,
  match: 'order',
  loop: true,
  keepIds: false,
  allowOrigins: [],
};
const fixture = (name: string) => new Uint8Array(readFileSync(resolve(FIXTURES, name)));
let servers: ReplayServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** The bytes in pieces of `size`, counting how often the body is opened and how much is read. */
function countingReader(bytes: Uint8Array, size: number) {
  const stats = { opens: 0, bytesRead: 0 };
  const open: OpenChunks = async function* () {
    stats.opens++;
    for (let i = 0; i < bytes.length; i += size) {
      stats.bytesRead += Math.min(size, bytes.length - i);
      yield bytes.subarray(i, i + size);
    }
  };
  return { open, stats };
}

async function post(server: ReplayServer, body: object): Promise<Uint8Array> {
  const r = await fetch(`${server.url}/agent`, { method: 'POST', body: JSON.stringify(body) });
  expect(r.status).toBe(200);
  return new Uint8Array(await r.arrayBuffer());
}

async function served(runs: readonly ServedRun[], options: Partial<ServeOptions> = {}): Promise<ReplayServer> {
  const server = await startReplayServer(runs, { ...OPTIONS, ...options }, () => undefined);
  servers.push(server);
  return server;
}

describe('serve reads a saved SSE body on demand', () => {
  for (const name of ['backend-tool.sse', 'crlf-framing.sse', 'chunked-calls.sse']) {
    it(`${name}: the index holds no body; each request reads it once and gets what the whole body gives`, async () => {
      const bytes = fixture(name);
      // Pieces of 7 bytes: id literals are cut across pieces.
      const { open, stats } = countingReader(bytes, 7);
      const streamed = await streamedRecording(name, open);
      if (streamed === 'whole' || !streamed.ok) throw new Error(`not streamed: ${JSON.stringify(streamed)}`);
      const whole = recordingOf(name, bytes);
      if (!whole.ok) throw new Error(whole.error);
      const [run] = streamed.runs;
      expect(run).not.toHaveProperty('pieces');
      expect(run!.patches?.list()).toEqual(whole.runs[0]!.idPatches);
      expect(run!.runIds).toEqual(whole.runs[0]!.runIds);
      expect(run!.threadId).toBe(whole.runs[0]!.threadId);
      // Indexed in one read (framing only), none kept.
      expect(stats.opens).toBe(1);
      expect(stats.bytesRead).toBe(bytes.length);

      const fromFile = await served(streamed.runs);
      const fromMemory = await served(whole.runs);
      const ids = { threadId: 'thread-from-the-request', runId: 'run-from-the-request' };
      const answered = await post(fromFile, ids);
      expect(stats.opens).toBe(2);
      expect(stats.bytesRead).toBe(2 * bytes.length);
      expect(new TextDecoder().decode(answered)).toBe(new TextDecoder().decode(await post(fromMemory, ids)));
      expect(new TextDecoder().decode(answered)).toContain('run-from-the-request');
      // Asked again (--loop): read again, not kept from the first time.
      await post(fromFile, ids);
      expect(stats.opens).toBe(3);
    });
  }

  it('keeps the recorded ids byte for byte with --keep-ids', async () => {
    const bytes = fixture('backend-tool.sse');
    const streamed = await streamedRecording('backend-tool.sse', countingReader(bytes, 64).open);
    if (streamed === 'whole' || !streamed.ok) throw new Error('not streamed');
    const server = await served(streamed.runs, { keepIds: true });
    expect(await post(server, { threadId: 'other', runId: 'other' })).toEqual(bytes);
  });

  it('answers whole for protobuf bodies and small JSONL files', async () => {
    // events.jsonl is within the linter's 1 MB head: read whole, as lint reads it.
    for (const name of ['backend-tool.bin', 'events.jsonl']) {
      const { open } = countingReader(fixture(name), 1024);
      expect(await streamedRecording(name, open), name).toBe('whole');
    }
  });

  it('a JSONL file larger than the head: events framed as SSE as they are read, at their times', async () => {
    const lines = new TextDecoder()
      .decode(fixture('events.jsonl'))
      .split('\n')
      .filter((l) => l.trim() !== '');
    const body: string[] = [];
    for (let i = 0; body.join('\n').length < 1.2 * (1 << 20); i++) {
      body.push(...lines.map((l) => l.replace(/run-weather-1/g, `run-${i}`)), i === 3 ? '{bad' : '');
    }
    const bytes = new TextEncoder().encode(body.join('\n'));
    const { open, stats } = countingReader(bytes, 65536);
    const streamed = await streamedRecording('big.jsonl', open);
    if (streamed === 'whole' || !streamed.ok) throw new Error(`not streamed: ${JSON.stringify(streamed)}`);
    const whole = recordingOf('big.jsonl', bytes);
    if (!whole.ok) throw new Error(whole.error);
    const [run] = streamed.runs;
    expect(run!.patches?.list()).toEqual(whole.runs[0]!.idPatches);
    expect(run!.runIds).toEqual(whole.runs[0]!.runIds);
    expect(streamed.notes).toEqual(whole.notes);
    // Frames due together are written together: each piece starts where a recorded
    // piece starts, at that piece's time, and the bytes are the same.
    const startsAt = new Map<number, number>();
    let offset = 0;
    for (const p of whole.runs[0]!.pieces) {
      startsAt.set(offset, p.at);
      offset += p.data.length;
    }
    const parts: Uint8Array[] = [];
    let at = 0;
    for await (const p of run!.readPieces()) {
      expect(startsAt.get(at)).toBe(p.at);
      at += p.data.length;
      parts.push(p.data);
    }
    expect(at).toBe(offset);
    expect(parts.length).toBeLessThan(whole.runs[0]!.pieces.length / 10);
    expect(Buffer.concat(parts).equals(Buffer.from(bodyOf(whole.runs[0]!)))).toBe(true);
    const opens = stats.opens;
    const ids = { threadId: 'thread-x', runId: 'run-x' };
    const answered = await post(await served(streamed.runs), ids);
    expect(stats.opens).toBe(opens + 1);
    expect(new TextDecoder().decode(answered)).toBe(
      new TextDecoder().decode(await post(await served(whole.runs), ids)),
    );
  }, 60_000); // over a megabyte through the whole pipeline several times: 40 s on a loaded 2-core machine

  it('the id scan finds literals cut anywhere across pieces', async () => {
    const bytes = fixture('backend-tool.sse');
    const expected = recordingOf('b.sse', bytes);
    if (!expected.ok) throw new Error(expected.error);
    for (const size of [1, 3, 50, bytes.length]) {
      const scan = idPatchScan();
      for (let i = 0; i < bytes.length; i += size) scan.push(bytes.subarray(i, i + size));
      expect(scan.end().patches.list(), `pieces of ${size}`).toEqual(expected.runs[0]!.idPatches);
    }
    const ids = { threadId: 'T', runId: 'R' };
    const pieces = async function* () {
      for (let i = 0; i < bytes.length; i += 5) yield { at: i, data: bytes.subarray(i, i + 5) };
    };
    const parts: Uint8Array[] = [];
    for await (const p of withRequestIdsStreamed(pieces(), tableOf(expected.runs[0]!.idPatches), ids))
      parts.push(p.data);
    const text = parts.map((p) => new TextDecoder().decode(p)).join('');
    expect(text).toContain('"runId":"R"');
    expect(text).not.toContain(`"runId":${JSON.stringify(expected.runs[0]!.runIds[0])}`);
  });

  it('`serve` through main() lists the run read as an index and says why a missing file cannot be read', async () => {
    const bytes = fixture('backend-tool.sse');
    const { open, stats } = countingReader(bytes, 4096);
    let stop: () => void = () => undefined;
    const out = memoryIo({
      readFile: () => Promise.reject(new Error('read whole: not expected')),
      openFile: (path) =>
        path === 'big.sse' ? Promise.resolve(open) : Promise.reject(Object.assign(new Error('x'), { code: 'ENOENT' })),
      untilStopped: () => new Promise<void>((done) => (stop = done)),
    });
    const running = main(['serve', '--port', '0', 'big.sse'], out.io);
    await expect.poll(() => out.stderr).toMatch(/serving 1 recorded run at/);
    expect(stats.opens).toBe(1);
    stop();
    expect(await running).toBe(0);
    expect(await main(['serve', '--port', '0', 'missing.sse'], out.io)).toBe(2);
    expect(out.stderr).toMatch(/missing\.sse: cannot read file: no such file/);
  });
});
