// lint keeps only what its verdicts need (`retain: 'findings'`): the report it prints —
// findings, their order, text, events, ids, line numbers, runs — is what the full model
// gives, in every format, for every fixture.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../test/fixtures/read-fixture.js';
import { inspectBytes } from '../core/io/inspect-bytes.js';
import type { InspectorOptions } from '../core/inspector.js';
import { formatJson } from './format-json.js';
import { formatJunit } from './format-junit.js';
import { formatSarif } from './format-sarif.js';
import { reportFor } from './inspect-file.js';
import { lineLocator } from './lines.js';
import type { FileReport } from './report.js';

const files = [
  ...readdirSync(FIXTURES).filter((f) => /\.(sse|bin|har|json|jsonl)$/.test(f)),
  ...readdirSync(resolve(FIXTURES, 'demo'))
    .filter((f) => /\.(sse|bin|har)$/.test(f))
    .map((f) => `demo/${f}`),
];

function reports(options: InspectorOptions): FileReport[] {
  return files.flatMap((file) => {
    const bytes = new Uint8Array(readFileSync(resolve(FIXTURES, file)));
    const r = inspectBytes(file, bytes, options);
    if (!r.ok) return [];
    const lineOf = lineLocator(file, bytes, r.model);
    return [
      reportFor(file, r.model, {
        minSeverity: 'notice',
        notes: r.notes,
        ...(lineOf !== undefined ? { lineOf } : {}),
      }),
    ];
  });
}

describe("lint's report with retain: 'findings'", () => {
  it('is the full model’s report in JSON, SARIF and JUnit', () => {
    const full = reports({});
    const lean = reports({ retain: 'findings' });
    const lint = (r: FileReport[]) => ({ reports: r, unreadable: [], failOn: 'error' as const });
    expect(formatJson(lean)).toBe(formatJson(full));
    expect(formatSarif(lint(lean), new Map())).toBe(formatSarif(lint(full), new Map()));
    expect(formatJunit(lint(lean))).toBe(formatJunit(lint(full)));
    // Not vacuous: findings with line numbers and runs are in it.
    expect(formatJson(full)).toMatch(/"line":\d+/);
    expect(full.flatMap((r) => r.runs ?? []).length).toBeGreaterThan(10);
  });
});
