import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import type { SessionModel } from '../model/types.js';
import { inspectBytes } from './inspect-bytes.js';
import { loadFile } from './load-file.js';
import { exportRedacted } from './redact-session.js';
import { eventArray } from '../model/event-list.js';

function modelOf(name: string, bytes: Uint8Array): SessionModel {
  const inspected = inspectBytes(name, bytes);
  if (!inspected.ok) throw new Error(inspected.error);
  return inspected.model;
}

function reimport(model: SessionModel) {
  const { text, redactions } = exportRedacted(model, { extensionVersion: 'x', exportedAt: 1 });
  return { text, redactions, model: modelOf('redacted.json', new TextEncoder().encode(text)) };
}

/** What the re-import must still show: the shape of every run and call. */
function skeleton(model: SessionModel) {
  return model.runs.map((run) => ({
    threadId: run.threadId,
    runId: run.runId,
    status: run.status,
    calls: run.toolCalls.map((c) => ({ id: c.toolCallId, names: c.names, status: c.status, argsLength: c.args.length, json: c.json.state })),
  }));
}

const SECRETS = [
  'Lisbon', 'celsius', 'forecast', 'Hotel Avenida', 'declined', 'Map shown', 'Book the', 'sk-live', 's3cr3t', 'key-987', 'abc123',
  'refund policy', 'Refunds', 'ana@example.com', 'A-17', 'Looking up', 'tempC":21', 'clear',
];

describe('exportRedacted', () => {
  it.each([
    'chrome-base64.har',
    'frontend-round-trip.har',
    'renamed-reopen.sse',
    'chunked-calls.sse',
    'crlf-framing.sse',
    'truncated.sse',
    'events.json',
    'session-v1.json',
  ])('%s: no original content survives, the structure and findings do', (name) => {
    const before = modelOf(name, fixture(name));
    const { text, redactions, model: after } = reimport(before);
    // Bodies are base64 inside the export: look at the decoded re-import too.
    const decoded = JSON.stringify(after.streams.map((s) => ({ info: s.info, events: eventArray(s.rawEvents).map((r) => r.payload) })));
    for (const secret of SECRETS) {
      expect(text, secret).not.toContain(secret);
      expect(decoded, secret).not.toContain(secret);
    }
    expect(redactions.length).toBeGreaterThan(0);
    expect(skeleton(after)).toEqual(skeleton(before));
    const rules = (m: SessionModel) => m.findings.map((f) => `${f.rule}@${f.events.join(',')}`);
    // Content-quoting messages change; which rules fire, and where, must not.
    expect(rules(after)).toEqual(rules(before));
  });

  it('lists what it replaced, by path', () => {
    const { redactions } = exportRedacted(modelOf('c.har', fixture('chrome-base64.har')), { extensionVersion: 'x', exportedAt: 1 });
    expect(redactions).toContain('streams[0].open.requestHeaders.accept');
    expect(redactions).toContain('streams[0].open.requestBody.messages[0].content');
    expect(redactions).toContain('streams[0].open.url?query');
    expect(redactions.some((p) => /^streams\[0\]\.events\[\d+\]\.delta$/.test(p))).toBe(true);
    expect(redactions).toContain('streams[1]: protobuf body replaced by its decoded events');
  });

  it('keeps header names and CRLF framing, marks the file as redacted', () => {
    const model = modelOf('crlf.sse', fixture('crlf-framing.sse'));
    const { text } = exportRedacted(model, { extensionVersion: 'x', exportedAt: 1 });
    const file = JSON.parse(text) as { redacted: boolean; findings: unknown[]; streams: { chunks: { dataBase64: string }[] }[] };
    expect(file.redacted).toBe(true);
    expect(file.findings).toEqual([]);
    const body = Buffer.from(file.streams[0]!.chunks.map((c) => c.dataBase64).join(''), 'base64');
    expect(file.streams[0]!.chunks.every((c) => Buffer.from(c.dataBase64, 'base64').toString().endsWith('\r\n\r\n'))).toBe(true);
    expect(body.length).toBeGreaterThan(0);
    const loaded = loadFile('r.json', new TextEncoder().encode(text));
    expect(loaded.ok && loaded.notes.join()).toMatch(/redacted export/);
  });
});
