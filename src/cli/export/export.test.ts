// `export`: each form re-imports through the same loader with the findings it started with.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Finding } from '../../core/findings.js';
import { FIXTURES } from '../../../test/fixtures/read-fixture.js';
import { inspectBytes } from '../../core/io/inspect-bytes.js';
import { runCli } from '../memory-io.test-helper.js';
import { findingsOf } from '../../core/model/reads.js';

const fixture = (name: string) => new Uint8Array(readFileSync(resolve(FIXTURES, name)));

function exportAs(argv: string[]) {
  return runCli(['export', ...argv], { dir: FIXTURES });
}

/** What a finding says, without where the stream came from (ids and times are per import). */
function verdicts(name: string, bytes: Uint8Array): unknown[] {
  const r = inspectBytes(name, bytes);
  if (!r.ok) throw new Error(r.error);
  return findingsOf(r.model).map((f: Finding) => [
    f.rule,
    f.severity,
    f.message,
    f.events,
    f.threadId,
    f.runId,
    f.toolCallId,
    f.messageId,
  ]);
}

const asBytes = (v: string | Uint8Array | undefined) =>
  typeof v === 'string' ? new TextEncoder().encode(v) : (v ?? new Uint8Array());

describe('export --as har', () => {
  for (const name of [
    'renamed-reopen.sse',
    'truncated.sse',
    'frontend-round-trip.har',
    'session-v1.json',
    'backend-tool.bin',
    'events.jsonl',
    'demo/eventsource.sse',
  ]) {
    it(`${name}: the HAR re-imports with identical findings`, async () => {
      const r = await exportAs([name, '--as', 'har', '-o', 'out.har']);
      expect(r.code, r.stderr).toBe(0);
      const har = asBytes(r.written.get('out.har'));
      const log = (
        JSON.parse(new TextDecoder().decode(har)) as {
          log: { version: string; entries: { request: { url: string } }[] };
        }
      ).log;
      expect(log.version).toBe('1.2');
      expect(log.entries.every((e) => /^https?:\/\//.test(e.request.url))).toBe(true);
      expect(verdicts('out.har', har)).toEqual(verdicts(name, fixture(name)));
    });
  }

  it('--run picks one run', async () => {
    const r = await exportAs(['frontend-round-trip.har', '--run', 'run-trip-2', '--as', 'har']);
    expect(r.code, r.stderr).toBe(0);
    const entries = (JSON.parse(r.stdout) as { log: { entries: { request: { postData?: { text: string } } }[] } }).log
      .entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]!.request.postData?.text).toContain('run-trip-2');
  });
});

describe('export --as sse and jsonl', () => {
  it('an SSE body comes out byte for byte', async () => {
    const r = await exportAs(['renamed-reopen.sse', '--as', 'sse', '-o', 'x.sse']);
    expect(asBytes(r.written.get('x.sse'))).toEqual(fixture('renamed-reopen.sse'));
  });

  it('a protobuf run becomes an SSE body with the same findings', async () => {
    const r = await exportAs(['backend-tool.bin', '--as', 'sse']);
    expect(r.stdout).toMatch(/^data: \{[^\n]*"type":"RUN_STARTED"/);
    expect(verdicts('x.sse', asBytes(r.stdout))).toEqual(verdicts('backend-tool.bin', fixture('backend-tool.bin')));
  });

  it('JSON Lines hold one event per line, the events of the recording', async () => {
    const r = await exportAs(['backend-tool.sse', '--as', 'jsonl']);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    const sseLines = new TextDecoder()
      .decode(fixture('backend-tool.sse'))
      .split('\n')
      .filter((l) => l.startsWith('data: '));
    expect(lines).toEqual(sseLines.map((l) => JSON.parse(l.slice(6)) as unknown));
  });

  it('asks for --run when the file holds several runs, listing them', async () => {
    const r = await exportAs(['frontend-round-trip.har', '--as', 'sse']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pick one with --run from .*#1 .*run-trip-1.*#2 .*run-trip-2/);
    const none = await exportAs(['frontend-round-trip.har', '--run', 'nope', '--as', 'sse']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no run matches --run "nope"/);
  });

  // The demo HAR names most of its runs run-1: the labels the tool prints pick one.
  it('--run takes the labels the tool prints, --thread a threadId', async () => {
    const many = await exportAs(['demo/session.har', '--as', 'jsonl']);
    expect(many.code).toBe(2);
    const listed = /demo\/session\.har#2 \(thread ([^,]+), run run-1\)/.exec(many.stderr);
    expect(listed, many.stderr).not.toBeNull();
    const thread = listed![1]!;
    const threadOf = (jsonl: string) =>
      (JSON.parse(jsonl.split('\n')[0]!) as { type: string; threadId: string }).threadId;
    for (const label of ['#2', 'demo/session.har#2', 'session.har#2', './demo/session.har#2', '2']) {
      const r = await exportAs(['demo/session.har', '--run', label, '--as', 'jsonl']);
      expect(r.code, `${label}: ${r.stderr}`).toBe(0);
      expect(threadOf(r.stdout), label).toBe(thread);
    }
    const byThread = await exportAs(['demo/session.har', '--thread', thread, '--as', 'jsonl']);
    expect(byThread.code, byThread.stderr).toBe(0);
    expect(threadOf(byThread.stdout)).toBe(thread);
    // Two runs in one thread: --thread with --run narrows to one.
    const trip = await exportAs(['demo/session.har', '--thread', 'thread-frontend-round-trip', '--as', 'har']);
    expect(JSON.parse(trip.stdout).log.entries).toHaveLength(2);
    const second = await exportAs([
      'demo/session.har',
      '--thread',
      'thread-frontend-round-trip',
      '--run',
      'run-2',
      '--as',
      'sse',
    ]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/"runId":"run-2"/);
    // A label of another file, an index past the end and an unknown thread pick nothing.
    for (const argv of [
      ['--run', 'other.har#2'],
      ['--run', '#99'],
      ['--thread', 'nope'],
    ]) {
      const r = await exportAs(['demo/session.har', ...argv, '--as', 'jsonl']);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/no run matches/);
    }
  });
});

describe('export --as playwright', () => {
  it('writes a module with the recorded bodies and a route helper (TypeScript for .ts)', async () => {
    const r = await exportAs(['frontend-round-trip.har', '--as', 'playwright', '-o', 'trip.ts']);
    expect(r.code, r.stderr).toBe(0);
    const source = r.writtenText('trip.ts');
    expect(source).toContain("import type { Page, Request, Route } from '@playwright/test';");
    expect(source).toContain('export async function routeAguiRecording(page: Page');
    const js = (await exportAs(['frontend-round-trip.har', '--as', 'playwright', '-o', 'trip.js'])).writtenText(
      'trip.js',
    );
    expect(js).not.toContain('import type');
    expect(js).toContain('export async function routeAguiRecording(page, options = {})');
    expect((await exportAs(['backend-tool.sse', '--as', 'playwright'])).code).toBe(2);
  });

  it("writes event-stream bodies as text with the ids marked for the request's own", async () => {
    const source =
      (await exportAs(['frontend-round-trip.har', '--as', 'playwright', '-o', 'trip.ts'])).writtenText('trip.ts') ?? '';
    // Readable: the events as text, not base64; each lifecycle id a marker the module fills in.
    expect(source).toContain('RUN_STARTED');
    expect(source).not.toContain('"base64"');
    expect(source.match(/"id": "threadId"/g)?.length).toBeGreaterThanOrEqual(4);
    expect(source.match(/"id": "runId"/g)?.length).toBeGreaterThanOrEqual(4);
    expect(source).toContain('JSON.stringify(ids[p.id] ?? p.recorded)');
    // Labels name the file, not the folder it was exported from.
    expect(source).toMatch(/"label": "frontend-round-trip\.har#1"/);
  });
});
