import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { writeBugReport } from './bug-report.js';
import { inspectBytes } from './inspect-bytes.js';
import { loadFile } from './load-file.js';
import { exportSession } from './session-export.js';
import { redactFile } from './redact/redact-file.js';
import { survivors } from './redact/redact.test-helper.js';

const enc = (s: string) => new TextEncoder().encode(s);

function session(): string {
  const r = inspectBytes('frontend-round-trip.har', fixture('frontend-round-trip.har'));
  if (!r.ok) throw new Error(r.error);
  const run = r.model.runs[0];
  if (!run) throw new Error('fixture changed');
  return exportSession(r.model, {
    extensionVersion: 't',
    exportedAt: 1,
    notes: [{ id: 'n', text: 'look', createdAt: 1, target: { kind: 'run', streamId: run.streamId, run: 0 } }],
  });
}

describe('bug report bundle', () => {
  it('imports as its session: same streams and findings, its notes', () => {
    const text = session();
    const report = writeBugReport({ createdAt: 2, extensionVersion: 't', summary: '# x', sessionText: text });
    const a = loadFile('report.json', enc(report));
    const b = loadFile('session.json', enc(text));
    if (!a.ok || !b.ok) throw new Error('did not load');
    expect(a.format).toBe('bug-report');
    expect(a.captures).toEqual(b.captures);
    expect(a.sessionNotes?.map((n) => n.text)).toEqual(['look']);
    // What the report shows people travels with it; a session file has none.
    expect(a.report).toEqual({ summary: '# x', createdAt: 2 });
    expect(b.report).toBeUndefined();
    const lintA = inspectBytes('report.json', enc(report));
    const lintB = inspectBytes('session.json', enc(text));
    if (!lintA.ok || !lintB.ok) throw new Error('did not inspect');
    expect(lintA.model.findings.map((f) => f.rule)).toEqual(lintB.model.findings.map((f) => f.rule));
  });

  it('refuses a newer bundle version and a bundle without a session, with a message', () => {
    const newer = loadFile('r.json', enc(JSON.stringify({ format: 'agui-inspector-bug-report', version: 9 })));
    expect(newer.ok).toBe(false);
    if (!newer.ok) expect(newer.error).toContain('newer AG-UI Inspector');
    const empty = loadFile('r.json', enc(JSON.stringify({ format: 'agui-inspector-bug-report', version: 1 })));
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.error).toContain('without a "session"');
  });
});

describe('the report view (summary and picture for people)', () => {
  const base = () =>
    JSON.parse(writeBugReport({ createdAt: 5, extensionVersion: 't', summary: 's', sessionText: session() })) as Record<
      string,
      unknown
    >;
  it('keeps a base64 PNG and drops a picture that is not one', () => {
    const good = { ...base(), timelinePng: { mimeType: 'image/png', base64: 'iVBORw0KGgo=' } };
    const r = loadFile('r.json', enc(JSON.stringify(good)));
    expect(r.ok && r.report?.timelinePng).toBe('iVBORw0KGgo=');
    for (const bad of [
      { mimeType: 'image/svg+xml', base64: 'PHN2Zz4=' },
      { mimeType: 'image/png', base64: 'a"b' },
      { mimeType: 'image/png', base64: '' },
      'iVBORw0KGgo=',
    ]) {
      const r2 = loadFile('r.json', enc(JSON.stringify({ ...base(), timelinePng: bad })));
      if (!r2.ok) throw new Error(r2.error);
      expect(r2.report?.timelinePng).toBeUndefined();
      expect(r2.report?.summary).toBe('s');
    }
  });
  it('a summary that is not text reads as empty; the session still opens', () => {
    const r = loadFile('r.json', enc(JSON.stringify({ ...base(), summary: { html: '<b>' }, createdAt: 'x' })));
    if (!r.ok) throw new Error(r.error);
    expect(r.report).toEqual({ summary: '' });
    expect(r.captures.length).toBeGreaterThan(0);
  });
});

describe('redact of a bug report', () => {
  it('writes its session redacted, without the summary and picture', () => {
    const report = writeBugReport({
      createdAt: 2,
      extensionVersion: 't',
      summary: '# Hotel Avenida is the problem',
      sessionText: session(),
      timelinePng: 'iVBORw0KGgo=',
    });
    const r = redactFile('report.json', enc(report), { hideLengths: false });
    if (!r.ok) throw new Error(r.error);
    const text = new TextDecoder().decode(r.bytes);
    expect(r.format).toBe('session');
    expect(survivors(text, ['Hotel Avenida', 'iVBORw0KGgo'])).toEqual([]);
    expect(JSON.parse(text)).toMatchObject({ format: 'agui-inspector-session', redacted: true });
    expect(r.notes.join('\n')).toContain('summary and timeline picture were left out');
  });
});
