// Page data that looks like the inspector's own structures (a persistent log, a session
// file, a chunk, base64 bytes, a run record) must come out exactly as it went in:
// export → import → export is byte-identical (but for the list of credentials the first
// export removed), and "copy as JSON" hands back the payload.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseText } from '../pipeline/sse.test-helper.js';
import { feedCaptures } from './feed.js';
import { loadFile } from './load-file.js';
import { callToJson, eventToJson, runToJson } from './model-json.js';
import { exportSession } from './session-export.js';
import { eventArray } from '../model/event-list.js';

const OPTIONS = { extensionVersion: 'test', exportedAt: 1 };

const lookalikes = fc.constantFrom<unknown>(
  { length: 2, chunks: ['ab', 'cd'] },
  { length: 1, chunks: [[{ t: 1, kind: 'bytes', data: {} }]] },
  { format: 'agui-inspector-session', version: 1, streams: [], findings: [] },
  { t: 5, kind: 'bytes', dataBase64: 'AAEC' },
  { base64: 'aGVsbG8=' },
  { key: 's#0', toolCalls: { length: 0, chunks: [] }, version: 3 },
  { __proto__: { polluted: true } },
  { constructor: { prototype: { x: 1 } } },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
);
const payloadValue = fc.oneof(lookalikes, fc.jsonValue({ maxDepth: 3 }));

/** One run whose tool result, state and custom value carry the given page data. */
function events(value: unknown, args: unknown): Record<string, unknown>[] {
  return [
    { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
    { type: 'STATE_SNAPSHOT', snapshot: { held: value } },
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'lookup' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: JSON.stringify(args) },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    { type: 'TOOL_CALL_RESULT', toolCallId: 'c1', messageId: 'm1', content: JSON.stringify(value) },
    { type: 'CUSTOM', name: 'page-data', value },
    { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
  ];
}

function inspectorFor(list: readonly Record<string, unknown>[]) {
  const inspector = createInspector();
  const open = {
    transport: 'fetch' as const,
    url: 'http://agent.test/run',
    method: 'POST',
    requestHeaders: {},
    status: 200,
    startedAt: 1_000,
  };
  inspector.openStream({
    ...open,
    streamId: 'sse',
    encoding: 'sse',
    contentType: 'text/event-stream',
    requestBody: JSON.stringify({ threadId: 't1', runId: 'r1', messages: [], tools: [] }),
  });
  inspector.appendBytes('sse', new TextEncoder().encode(sseText(list)), 1_001);
  inspector.endStream('sse', { reason: 'complete', t: 1_002 });
  // The same events as an import (JSONL): the chunks hold the event objects themselves.
  inspector.openStream({ ...open, transport: 'import', streamId: 'events', encoding: 'events', contentType: '' });
  list.forEach((e, i) => inspector.appendEvent('events', e, 2_000 + i));
  inspector.endStream('events', { reason: 'complete', t: 3_000 });
  return inspector;
}

/** The file with its credentialsRemoved list emptied (the last list of the file). */
function withoutRemovals(text: string): string {
  return text.replace(/"credentialsRemoved": \[(?:\]|[\s\S]*?\n {2}\])/, '"credentialsRemoved": []');
}

function reexport(text: string): string {
  const loaded = loadFile('export.json', new TextEncoder().encode(text));
  if (!loaded.ok) throw new Error(loaded.error);
  const inspector = createInspector();
  feedCaptures(inspector, loaded.captures);
  return exportSession(inspector.model, OPTIONS);
}

describe('hostile page data round-trips byte for byte', () => {
  it('export → import → export is identical, whatever the payloads look like', () => {
    fc.assert(
      fc.property(payloadValue, payloadValue, (value, args) => {
        const first = exportSession(inspectorFor(events(value, args)).model, OPTIONS);
        const again = reexport(first);
        // Page data under a credential-named key ("key") went in the first export, which
        // lists it; the second finds nothing left to remove. Everything else is identical.
        expect(JSON.parse(again)).toMatchObject({ credentialsRemoved: [] });
        expect(withoutRemovals(again)).toBe(withoutRemovals(first));
      }),
      { numRuns: 60 },
    );
  });

  it('copy as JSON hands back each payload, argument text and result as sent', () => {
    fc.assert(
      fc.property(payloadValue, payloadValue, (value, args) => {
        const list = events(value, args);
        const model = inspectorFor(list).model;
        const sent = JSON.parse(JSON.stringify(list)) as unknown[];
        for (const stream of model.streams) {
          const copied = eventArray(stream.rawEvents).map(
            (e) => JSON.parse(JSON.stringify(eventToJson(e))) as { payload: unknown },
          );
          expect(copied.map((c) => c.payload)).toEqual(sent);
        }
        const run = model.runs[0];
        const call = run?.toolCalls[0];
        expect(call ? JSON.parse(JSON.stringify(callToJson(call))).args : undefined).toBe(JSON.stringify(args));
        const runJson = run
          ? (JSON.parse(JSON.stringify(runToJson(run))) as { toolCalls: { results: { content: unknown }[] }[] })
          : undefined;
        expect(runJson?.toolCalls[0]?.results[0]?.content).toBe(JSON.stringify(value));
      }),
      { numRuns: 60 },
    );
  });
});
