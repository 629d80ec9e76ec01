// Streaming HAR redaction (./har-stream.ts) writes what redactFile writes, byte for byte
// and count for count, on every HAR fixture and on generated HARs (members before and
// after the entries, `_` fields, empty logs and entries, credentials, strict pseudonyms),
// however the file is cut into read pieces; what the whole-file path judges otherwise
// answers 'whole'.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../../test/fixtures/read-fixture.js';
import { chunksOf } from '../stream/chunks.js';
import { SESSION_FORMAT } from '../session-format.js';
import { redactHarStream } from './har-stream.js';
import type { RedactOptions } from './options.js';
import { redactFile } from './redact-file.js';

async function streamed(bytes: Uint8Array, options: RedactOptions, size: number) {
  const parts: Uint8Array[] = [];
  const r = await redactHarStream(chunksOf(bytes, size)(), options, (b) => void parts.push(b));
  return r === 'whole' ? 'whole' : { text: Buffer.concat(parts).toString('utf8'), report: r.report };
}

async function expectSame(bytes: Uint8Array, options: RedactOptions, size: number): Promise<void> {
  const whole = redactFile('x.har', bytes, options);
  if (!whole.ok || whole.format !== 'har') throw new Error(`not redacted as a HAR: ${JSON.stringify(whole)}`);
  const r = await streamed(bytes, options, size);
  if (r === 'whole') throw new Error('answered whole');
  expect(r.text).toBe(new TextDecoder().decode(whole.bytes));
  expect(r.report.counts).toEqual(whole.report.counts);
  expect(r.report.credentials).toEqual(whole.report.credentials);
}

const LEVELS: readonly RedactOptions[] = [{ hideLengths: false }, { hideLengths: true, strict: true }];
const hars = [
  ...readdirSync(FIXTURES).map((n) => resolve(FIXTURES, n)),
  ...readdirSync(resolve(FIXTURES, 'demo')).map((n) => resolve(FIXTURES, 'demo', n)),
].filter((p) => p.endsWith('.har'));

describe('redactHarStream', () => {
  it('finds the HAR fixtures', () => expect(hars.length).toBeGreaterThanOrEqual(4));
  for (const path of hars) {
    it(`${path.slice(FIXTURES.length + 1)}: the whole-file path's copy and report`, async () => {
      const bytes = new Uint8Array(readFileSync(path));
      for (const options of LEVELS) for (const size of [7, 4096]) await expectSame(bytes, options, size);
    });
  }

  const header = fc.record({
    name: fc.constantFrom('Accept', 'Authorization', 'x-api-key', 'X-Auth'),
    value: fc.string(),
  });
  const body = fc.oneof(
    fc.constant('data: {"type":"RUN_STARTED","threadId":"t1","runId":"r1"}\n\n'),
    fc.constant(
      'data: {"type":"TOOL_CALL_RESULT","messageId":"m","toolCallId":"c","content":"{\\"apiKey\\":\\"sk-1\\"}"}\n\n',
    ),
    fc.string(),
  );
  const entry = fc.record({
    startedDateTime: fc.constant('2026-12-01T00:00:00.000Z'),
    time: fc.nat(),
    _resourceType: fc.constantFrom('fetch', 'eventsource'),
    serverIPAddress: fc.constantFrom('10.0.0.1', '::1'),
    request: fc.record({
      method: fc.constantFrom('GET', 'POST'),
      url: fc.constantFrom('https://a.test/users/ann/agent?token=abc&q=1', 'http://b.test/run'),
      headers: fc.array(header, { maxLength: 3 }),
    }),
    response: fc.record({
      status: fc.constant(200),
      headers: fc.array(header, { maxLength: 2 }),
      content: fc.record({
        mimeType: fc.constantFrom('text/event-stream', 'application/json', 'text/plain'),
        text: body,
      }),
    }),
  });
  const log = fc.record({
    before: fc.dictionary(fc.constantFrom('version', 'creator', '_x', 'comment', 'pages'), fc.jsonValue(), {
      maxKeys: 3,
    }),
    entries: fc.array(entry, { maxLength: 4 }),
    after: fc.dictionary(fc.constantFrom('browser', '_y', 'comment2'), fc.jsonValue(), { maxKeys: 2 }),
    indent: fc.constantFrom(0, 1, 2),
    size: fc.integer({ min: 1, max: 300 }),
  });
  it('generated HARs: the same copy and report, cut anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(log, fc.constantFrom(...LEVELS), async (h, options) => {
        const value = { log: { ...h.before, entries: h.entries, ...h.after } };
        const bytes = new TextEncoder().encode(JSON.stringify(value, null, h.indent));
        await expectSame(bytes, options, h.size);
      }),
      { numRuns: 60 },
    );
  });

  it('treats members named like Object.prototype methods as data', async () => {
    const text =
      '{"log":{"pages":[{"valueOf":"pv","constructor":"pc"}],"constructor":"lc",' +
      '"entries":[{"request":{"url":"https://a.test/?token=abc","hasOwnProperty":"rh"}}]}}';
    const whole = redactFile('x.har', new TextEncoder().encode(text), { hideLengths: false });
    if (!whole.ok) throw new Error(whole.error);
    const out = new TextDecoder().decode(whole.bytes);
    for (const secret of ['pv', 'pc', 'lc', 'rh', 'abc']) expect(out).not.toContain(`"${secret}"`);
    expect(JSON.parse(out)).toMatchObject({ log: { constructor: '**', pages: [{ valueOf: '**' }] } });
    for (const size of [3, 50]) await expectSame(new TextEncoder().encode(text), { hideLengths: false }, size);
  });

  it("answers 'whole' for what the whole-file path judges otherwise", async () => {
    const cases = [
      `{"log":{"entries":[]},"format":${JSON.stringify(SESSION_FORMAT)}}`,
      '{"log":[1,2]}',
      '{"log":{"entries":{"a":{}}}}',
      '{"log":{"entries":[]}} trailing',
      '{"log":{"entries":[',
    ];
    for (const text of cases)
      expect(await streamed(new TextEncoder().encode(text), { hideLengths: false }, 5), text).toBe('whole');
    const notUtf8 = new Uint8Array([...new TextEncoder().encode('{"log":{"comment":"'), 0xff, 0x22, 0x7d, 0x7d]);
    expect(await streamed(notUtf8, { hideLengths: false }, 4)).toBe('whole');
  });
});
