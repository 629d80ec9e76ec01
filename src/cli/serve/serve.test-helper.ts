// What the serve tests share: fixtures as recorded runs, a loopback server with the
// recorded ids kept (closed after each test by closeServed), and a raw HTTP request.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { FIXTURES } from '../../../test/fixtures/read-fixture.js';
import { recordingOf, type RecordedRun } from '../recording.js';
import { startReplayServer, type JournalEntry, type ReplayServer, type ServeOptions } from './server.js';

export const fixture = (name: string) => new Uint8Array(readFileSync(resolve(FIXTURES, name)));

export function runsOf(name: string, bytes = fixture(name)): readonly RecordedRun[] {
  const r = recordingOf(name, bytes);
  if (!r.ok) throw new Error(r.error);
  return r.runs;
}

// The recorded ids kept: most tests here compare what the client gets with the recording.
export const INSTANT: ServeOptions = {
  port: 0,
  host: '127.0.0.1',
  speed: Infinity,
  match: 'order',
  loop: false,
  keepIds: true,
  allowOrigins: [],
};
let open: ReplayServer[] = [];

export async function serve(runs: readonly RecordedRun[], options: Partial<ServeOptions> = {}) {
  const journal: JournalEntry[] = [];
  const server = await startReplayServer(runs, { ...INSTANT, ...options }, (e) => journal.push(e));
  open.push(server);
  return { server, journal };
}

export async function closeServed(): Promise<void> {
  await Promise.all(open.map((s) => s.close()));
  open = [];
}

/** A raw request (fetch will not send a forged Host). */
export function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Uint8Array | string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'POST', headers: opts.headers ?? {} }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}
