// Session format version 2: a failed run request (encoding 'none') survives export and
// import with its status, body start and finding; files without one stay version 1, and
// version 1 files keep importing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { exportRedacted, exportSession } from './session-export.js';
import { feedCaptures } from './feed.js';
import { loadFile } from './load-file.js';

const enc = (s: string) => new TextEncoder().encode(s);

function failedSession() {
  const inspector = createInspector();
  inspector.openStream({
    streamId: 's1',
    transport: 'fetch',
    encoding: 'none',
    url: 'http://127.0.0.1/agent',
    method: 'POST',
    requestHeaders: {},
    requestBody: JSON.stringify({ threadId: 't1', runId: 'r1', messages: [] }),
    status: 401,
    contentType: 'application/json',
    startedAt: 1000,
  });
  inspector.appendBytes('s1', enc('{"error":"bad key"}'), 1001);
  inspector.endStream('s1', { reason: 'complete', t: 1002 });
  return inspector.model;
}

function reimport(text: string) {
  const loaded = loadFile('s.json', enc(text));
  if (!loaded.ok) throw new Error(loaded.error);
  const inspector = createInspector();
  feedCaptures(inspector, loaded.captures);
  return inspector.model;
}

describe('session format version 2 (failed run requests)', () => {
  it('writes version 2 and reads back the failed run, its body and its finding', () => {
    const text = exportSession(failedSession(), { extensionVersion: '9', exportedAt: 5 });
    expect((JSON.parse(text) as { version: number }).version).toBe(2);
    const model = reimport(text);
    expect(model.runs.map((r) => [r.status, r.threadId, r.error?.code])).toEqual([['failed', 't1', '401']]);
    expect(model.findings.map((f) => f.rule)).toEqual(['transport/http-status']);
    expect(model.findings[0]?.message).toContain('{"error":"bad key"}');
  });

  it('masks the whole body in a redacted export and keeps the verdict', () => {
    const { text } = exportRedacted(failedSession(), { extensionVersion: '9', exportedAt: 5 });
    expect(text).not.toContain('bad key');
    const model = reimport(text);
    expect(model.findings.map((f) => f.rule)).toEqual(['transport/http-status']);
    expect(model.findings[0]?.message).toContain('*******');
  });

  it('still writes version 1 for a session without failed requests, and reads the committed v1 file', () => {
    const empty = exportSession(createInspector().model, { extensionVersion: '9', exportedAt: 5 });
    expect((JSON.parse(empty) as { version: number }).version).toBe(1);
    const v1 = readFileSync(new URL('../../../test/fixtures/session-v1.json', import.meta.url), 'utf8');
    expect((JSON.parse(v1) as { version: number }).version).toBe(1);
    expect(reimport(v1).runs.length).toBeGreaterThan(0);
  });

  it('refuses version 3 with a message to update', () => {
    const loaded = loadFile(
      'new.json',
      enc(JSON.stringify({ format: 'agui-inspector-session', version: 3, streams: [] })),
    );
    expect(loaded.ok ? '' : loaded.error).toContain('reads versions up to 2');
  });
});
