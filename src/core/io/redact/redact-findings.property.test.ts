// Redaction must not invent findings (or lose them): every demo scenario and every stream
// of the official conformance corpus, at every redaction level, through `redact` on the file
// and through a redacted session export, lints to the same rules at the same events with the
// same severities, and the export carries the original's findings.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sseHarEntry } from '../../../../test/har-entry.test-helper.js';
import { createInspector } from '../../pipeline/create-inspector.js';
import { feedCaptures } from '../feed.js';
import { loadFile } from '../load-file.js';
import { exportRedacted } from '../session-export.js';
import { isRecord } from '../text.js';
import type { RedactOptions } from './options.js';
import { redactFile } from './redact-file.js';
import { BOOKING_TOOLS } from './redact.test-helper.js';

const root = resolve(import.meta.dirname, '../../../..');
const encoder = new TextEncoder();

/** `rule@stream#events:severity`, sorted: what masking data must not move. */
function lintKeys(name: string, bytes: Uint8Array): string[] {
  const loaded = loadFile(name, bytes);
  if (!loaded.ok) throw new Error(loaded.error);
  const inspector = createInspector();
  feedCaptures(inspector, loaded.captures);
  const order = new Map(inspector.model.streams.map((s, i) => [s.info.streamId, i]));
  return inspector.model.findings
    .map((f) => `${f.rule}@${order.get(f.streamId) ?? '?'}#${f.events.join(',')}:${f.severity}`)
    .sort();
}

const LEVELS: Readonly<Record<string, RedactOptions>> = {
  masked: { hideLengths: false },
  'lengths hidden': { hideLengths: true },
  strict: { hideLengths: false, strict: true },
  'strict, lengths hidden': { hideLengths: true, strict: true },
};

interface Sample {
  readonly name: string;
  readonly bytes: Uint8Array;
}

const demoDir = join(root, 'test/fixtures/demo');
const DEMO: Sample[] = readdirSync(demoDir)
  .filter((f) => f.endsWith('.sse'))
  .sort()
  .map((f) => ({ name: `demo/${f}`, bytes: readFileSync(join(demoDir, f)) }));

/** A conformance stream as a browser would save it: a HAR whose request advertises its tools and state. */
function conformanceHar(file: string): Sample {
  const fixture = JSON.parse(readFileSync(file, 'utf8')) as {
    name: string;
    input?: Record<string, unknown>;
    stream: unknown[];
  };
  const started = fixture.stream.find((e) => isRecord(e) && e['type'] === 'RUN_STARTED') as
    Record<string, unknown> | undefined;
  const input = {
    threadId: started?.['threadId'] ?? 't',
    runId: started?.['runId'] ?? 'r',
    state: fixture.input?.['state'] ?? {},
    messages: fixture.input?.['messages'] ?? [],
    tools: fixture.input?.['tools'] ?? [],
    context: [],
    forwardedProps: {},
  };
  const sse = fixture.stream.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  const entry = sseHarEntry({
    url: `http://conformance.test/${fixture.name}`,
    requestBody: JSON.stringify(input),
    sse,
    time: 1,
  });
  const har = { log: { version: '1.2', creator: { name: 'conformance', version: '1' }, entries: [entry] } };
  return { name: `${file.slice(root.length + 1)}.har`, bytes: encoder.encode(JSON.stringify(har)) };
}

const CONFORMANCE: Sample[] = ['1.0', '1.1', 'draft'].flatMap((spec) => {
  const dir = join(root, 'test/conformance', spec, 'streams');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => conformanceHar(join(dir, f)));
});

/** The case: a schema minimum and a usage sum that masked numbers used to break. */
function bookingHar(): Sample {
  const tools = BOOKING_TOOLS;
  const input = { threadId: 't1', runId: 'r1', state: {}, messages: [], tools, context: [], forwardedProps: {} };
  const events = [
    { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'book_hotel' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"nights": 2, "breakfast": true}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    {
      type: 'RUN_FINISHED',
      threadId: 't1',
      runId: 'r1',
      usage: [{ inputTokens: 120, outputTokens: 80, totalTokens: 200 }],
    },
  ];
  const sse = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  const entry = sseHarEntry({ url: 'http://agent.test/run', requestBody: JSON.stringify(input), sse, time: 1 });
  return {
    name: 'booking.har',
    bytes: encoder.encode(
      JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [entry] } }),
    ),
  };
}

function exported(sample: Sample, options: RedactOptions): { text: string; redactions: readonly string[] } {
  const loaded = loadFile(sample.name, sample.bytes);
  if (!loaded.ok) throw new Error(loaded.error);
  const inspector = createInspector();
  feedCaptures(inspector, loaded.captures);
  return exportRedacted(inspector.model, {
    exportedAt: 0,
    extensionVersion: 'test',
    hideLengths: options.hideLengths,
    ...(options.strict === true ? { strict: true } : {}),
  });
}

describe('redaction keeps the findings', () => {
  it('covers the corpus it claims to', () => {
    expect(DEMO.length).toBeGreaterThanOrEqual(10);
    expect(CONFORMANCE.length).toBeGreaterThanOrEqual(80);
  });

  for (const [level, options] of Object.entries(LEVELS)) {
    it(`${level}: every demo scenario and conformance stream lints the same after redact and redacted export`, () => {
      const moved: string[] = [];
      for (const sample of [...DEMO, ...CONFORMANCE, bookingHar()]) {
        const before = lintKeys(sample.name, sample.bytes);
        const file = redactFile(sample.name, sample.bytes, options);
        if (!file.ok) throw new Error(file.error);
        if (JSON.stringify(lintKeys(sample.name, file.bytes)) !== JSON.stringify(before))
          moved.push(`redact ${sample.name}`);
        const session = exported(sample, options);
        if (JSON.stringify(lintKeys('export.json', encoder.encode(session.text))) !== JSON.stringify(before))
          moved.push(`export ${sample.name}`);
      }
      expect(moved).toEqual([]);
    });
  }

  it('keeps a schema minimum, a const and a usage sum, and says when it kept numbers', () => {
    const sample = bookingHar();
    const before = lintKeys(sample.name, sample.bytes);
    expect(before.filter((k) => k.startsWith('tool-call/args-schema') || k.startsWith('run/usage'))).toEqual([]);
    const file = redactFile(sample.name, sample.bytes, { hideLengths: false });
    if (!file.ok) throw new Error(file.error);
    expect(lintKeys(sample.name, file.bytes)).toEqual(before);
    // The usage counts are kept where they are (lint adds them up); the arguments' numbers and
    // booleans only because masking them (2 → 0, true → false) broke the tool's schema.
    const text = new TextDecoder().decode(file.bytes);
    expect(text).toContain('\\"totalTokens\\":200');
    expect(file.notes).toContain('numbers and booleans kept: masking them changed what lint finds');
  });

  it('carries the findings before masking in the redacted export', () => {
    const sample: Sample = {
      name: 'demo/reopen.sse',
      bytes: readFileSync(join(root, 'test/fixtures/renamed-reopen.sse')),
    };
    const session = JSON.parse(exported(sample, LEVELS['strict']!).text) as {
      redaction: { findingsBefore?: { rule: string; severity: string; stream: number; events: number[] }[] };
    };
    const carried = (session.redaction.findingsBefore ?? []).map(
      (f) => `${f.rule}@${f.stream}#${f.events.join(',')}:${f.severity}`,
    );
    expect(carried.sort()).toEqual(lintKeys(sample.name, sample.bytes));
    expect(carried.some((k) => k.startsWith('tool-call/reopen-name-mismatch@0#6'))).toBe(true);
  });
});
