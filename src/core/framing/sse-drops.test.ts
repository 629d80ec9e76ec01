// What the client's SSE parser discards without a word becomes a finding that says the
// application never saw it: a block with no `data:` field, a line naming no SSE field, and
// (a notice) an `event:` name an EventSource consumer's onmessage never receives.
import { describe, expect, it } from 'vitest';
import { inspectBytes } from '../io/inspect-bytes.js';
import { createSseDecoder } from './sse.js';
import type { DroppedSse } from './sse-drops.js';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseStream } from '../pipeline/sse.test-helper.js';

const utf8 = new TextEncoder();
const started = 'data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n';
const finished = 'data: {"type":"RUN_FINISHED","threadId":"t","runId":"r"}\n\n';
const unprefixed = '{"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"}\n\n';

function findingsOf(body: string) {
  const result = inspectBytes('drops.sse', utf8.encode(body));
  if (!result.ok) throw new Error('the body did not load');
  return result.model.findings;
}

/** The decoder's records for `body` fed in pieces cut at `cuts`. */
function dropsOf(body: string, cuts: readonly number[] = []): DroppedSse[] {
  const bytes = utf8.encode(body);
  const d = createSseDecoder('s');
  const out: DroppedSse[] = [];
  let prev = 0;
  for (const cut of [...cuts, bytes.length]) {
    d.push(bytes.subarray(prev, cut), 1);
    out.push(...d.takeDropped());
    prev = cut;
  }
  d.end(2);
  out.push(...d.takeDropped());
  return out;
}

describe('SSE material the client discards', () => {
  it('an event written without its data: prefix is sse/no-data-field, named as such, after the event before it', () => {
    const findings = findingsOf(started + unprefixed + finished);
    const dropped = findings.filter((f) => f.rule === 'sse/no-data-field');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]?.events).toEqual([0]);
    expect(dropped[0]?.runId).toBe('r');
    expect(dropped[0]?.message).toContain(
      `Bytes ${started.length}–${started.length + unprefixed.length} (after event #0)`,
    );
    expect(dropped[0]?.message).toContain('missing its "data:" prefix');
    expect(dropped[0]?.message).toContain('never sees it');
  });

  it('a block of event: and id: lines alone is discarded; a comment block (keep-alive) is not reported', () => {
    const findings = findingsOf(
      `: keep-alive\nretry: 5000\n\n${started}event: progress\nid: 7\n\n: ping\n: ping\n\n${finished}`,
    );
    const dropped = findings.filter((f) => f.rule === 'sse/no-data-field');
    expect(dropped.map((f) => f.message.match(/with (\d+ lines?)/)?.[1])).toEqual(['2 lines']);
    expect(dropped[0]?.message).toContain('"event: progress"');
    expect(dropped[0]?.message).not.toContain('looks like an AG-UI event');
  });

  it('a line naming no SSE field inside a block that dispatches is sse/ignored-line at that event', () => {
    const block = 'data: {"type":"CUSTOM","name":"a","value":1}\n{"type":"CUSTOM","name":"b","value":2}\n\n';
    const findings = findingsOf(started + block + finished);
    const ignored = findings.filter((f) => f.rule === 'sse/ignored-line');
    expect(ignored.map((f) => f.events)).toEqual([[1]]);
    expect(ignored[0]?.message).toContain('a line of its block names no SSE field');
    expect(findings.some((f) => f.rule === 'sse/no-data-field')).toBe(false);
  });

  it('records the same drops wherever the body is cut', () => {
    const body = `${started}event: x\n\n${unprefixed}data: {"type":"CUSTOM","name":"a","value":1}\nDATA: 1\n\n${finished}`;
    const whole = dropsOf(body).map(({ t: _t, ...rest }) => rest);
    expect(whole.map((d) => d.kind)).toEqual(['no-data', 'no-data', 'ignored-line']);
    for (let cut = 1; cut < body.length; cut += 7)
      expect(dropsOf(body, [cut]).map(({ t: _t, ...rest }) => rest)).toEqual(whole);
  });

  it('a block cut off by the body end without data is still reported', () => {
    expect(dropsOf(`${started}{"type":"RUN_FINISHED"}`).map((d) => d.kind)).toEqual(['no-data']);
  });

  it('reports at most 20 per stream, the last saying so', () => {
    const findings = findingsOf(started + 'event: x\n\n'.repeat(30) + finished);
    const dropped = findings.filter((f) => f.rule === 'sse/no-data-field');
    expect(dropped).toHaveLength(20);
    expect(dropped[19]?.message).toContain('not reported');
    expect(dropped[18]?.message).not.toContain('not reported');
  });

  it('a stream of plain data: events has no such finding', () => {
    const rules = findingsOf(started + finished).map((f) => f.rule);
    expect(rules.filter((r) => r.startsWith('sse/'))).toEqual([]);
  });
});

describe('sse/named-event', () => {
  it('is a notice once per stream at the first event with an event: name other than message', () => {
    const named = (name: string, v: number) => `event: ${name}\ndata: {"type":"CUSTOM","name":"n","value":${v}}\n\n`;
    const findings = findingsOf(started + named('message', 0) + named('agui', 1) + named('other', 2) + finished);
    const notices = findings.filter((f) => f.rule === 'sse/named-event');
    expect(notices.map((f) => [f.events, f.severity])).toEqual([[[2], 'notice']]);
    expect(notices[0]?.message).toContain('addEventListener("agui")');
    expect(notices[0]?.message).toContain('never sees it');
  });

  it('is no finding on a POST stream: HttpAgent reads a named event as usual', () => {
    const inspector = createInspector();
    inspector.openStream(sseStream('s1', { threadId: 't', runId: 'r', messages: [] }));
    const named = 'event: agui\ndata: {"type":"CUSTOM","name":"n","value":1}\n\n';
    inspector.appendBytes('s1', utf8.encode(started + named + finished), 1_001);
    inspector.endStream('s1', { reason: 'complete', t: 1_002 });
    expect(inspector.model.findings.filter((f) => f.rule === 'sse/named-event')).toEqual([]);
    expect(inspector.model.runs[0]?.status).toBe('finished');
  });
});
