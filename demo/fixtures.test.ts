// The recorded fixtures in test/fixtures/demo/ are what the scenarios produce today:
// change a scenario and this fails until `npx tsx scripts/record-fixtures.ts` is re-run.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SCENARIOS } from './scenarios/index.js';
import { encodeAll } from './stream-events.js';

const dir = resolve(import.meta.dirname, '../test/fixtures/demo');
const index = JSON.parse(readFileSync(resolve(dir, 'index.json'), 'utf8')) as { scenario: string; files: string[] }[];

describe('recorded demo fixtures', () => {
  it('cover every scenario', () => {
    expect(index.map((e) => e.scenario)).toEqual(SCENARIOS.map((s) => s.name));
  });

  it.each(SCENARIOS.filter((s) => s.transport !== 'eventsource').map((s) => [s.name, s] as const))(
    '%s run 1 matches the scenario',
    (name, s) => {
      const events = s.events({ threadId: `thread-${name}`, runId: 'run-1', messages: [], tools: [], context: [] });
      const accept = s.transport === 'proto' ? 'application/vnd.ag-ui.event+proto' : 'text/event-stream';
      const expected = encodeAll(events.slice(0, events.length - (s.cutTail ?? 0)), accept).body;
      const file = index.find((e) => e.scenario === name)?.files[0] ?? '?';
      expect(readFileSync(resolve(dir, file)).equals(expected)).toBe(true);
    },
  );

  it('session.har holds every exchange with request bodies, protobuf as base64', () => {
    const har = JSON.parse(readFileSync(resolve(dir, 'session.har'), 'utf8')) as {
      log: {
        entries: {
          request: { method: string; postData?: { text: string } };
          response: { content: { mimeType: string; encoding?: string } };
        }[];
      };
    };
    const entries = har.log.entries;
    expect(entries).toHaveLength(index.reduce((n, e) => n + e.files.length, 0));
    expect(
      entries.filter((e) => e.request.method === 'POST').every((e) => e.request.postData?.text.includes('"threadId"')),
    ).toBe(true);
    expect(
      entries.filter((e) => e.response.content.encoding === 'base64').map((e) => e.response.content.mimeType),
    ).toEqual(['application/vnd.ag-ui.event+proto']);
  });
});
