// The official AG-UI conformance corpus through the built CLI, as a user would run it: each
// fixture becomes a HAR (its `input` as the request, its `stream` as the SSE response), one
// `agui-inspector lint --format json --profile P` call per corpus version judges them all,
// and each fixture's `expect` is held against the verdicts:
// - `outcome`: "failed" exactly when a finding says the profile's client rejects the stream;
// - `errorContains`: a rejecting finding names the same problem (expectations.ts);
// - `warnings`: each entry has a finding telling the user what the client dropped or changed.
// The relaxations the corpus README names for a third-party consumer are applied and counted.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseHarEntry } from '../har-entry.test-helper.js';
import {
  REJECTIONS,
  relaxation,
  VERSIONS,
  WARNING_RULES,
  WARNINGS,
  type Profile,
  type SameProblem,
} from './expectations.js';

const root = resolve(import.meta.dirname, '../..');

interface Fixture {
  readonly name: string;
  readonly input?: { readonly messages?: unknown[]; readonly tools?: unknown[]; readonly state?: unknown };
  readonly stream: readonly Record<string, unknown>[];
  readonly expect: {
    readonly outcome: 'completed' | 'failed';
    readonly errorContains?: string;
    readonly warnings?: readonly string[];
    readonly noWarnings?: boolean;
  };
}

interface JsonFinding {
  readonly rule: string;
  readonly severity: string;
  readonly message: string;
  readonly file: string;
  readonly rejectedBy?: readonly string[];
}

function readFixtures(dir: string): Fixture[] {
  const streams = join(root, 'test/conformance', dir, 'streams');
  return readdirSync(streams)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(streams, f), 'utf8')) as Fixture);
}

/** A HAR of one run request, as a browser would save it. */
function toHar(fixture: Fixture): string {
  const started = fixture.stream.find((e) => e['type'] === 'RUN_STARTED');
  const id = (key: string, fallback: string): string =>
    typeof started?.[key] === 'string' ? (started[key] as string) : fallback;
  const input = {
    threadId: id('threadId', `t-${fixture.name}`),
    runId: id('runId', `r-${fixture.name}`),
    state: fixture.input?.state ?? {},
    messages: fixture.input?.messages ?? [],
    tools: fixture.input?.tools ?? [],
    context: [],
    forwardedProps: {},
  };
  const body = fixture.stream.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  const entry = sseHarEntry({
    url: `http://conformance.test/${fixture.name}`,
    requestBody: JSON.stringify(input),
    sse: body,
    time: 1,
  });
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'conformance', version: '1' }, entries: [entry] } });
}

function lintAll(files: readonly string[], profile: Profile): JsonFinding[] {
  const r = spawnSync(
    process.execPath,
    ['bin/agui-inspector.js', 'lint', '--no-config', '--format', 'json', '--profile', profile, ...files],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0 && r.status !== 1) throw new Error(`lint exited ${String(r.status)}: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { findings: JsonFinding[] }).findings;
}

const names = (problem: SameProblem) => (f: JsonFinding) =>
  problem.rules.includes(f.rule) && (problem.mentions === undefined || f.message.includes(problem.mentions));

const describeFinding = (f: JsonFinding) =>
  `${f.rule} (${f.severity}, rejected by ${f.rejectedBy?.join('+') || 'none'}): ${f.message}`;

interface Tally {
  outcomes: number;
  outcomesMet: number;
  outcomesRelaxed: number;
  warnings: number;
  warningsMet: number;
  warningsRelaxed: number;
}

const summary: string[] = [];

for (const version of VERSIONS) {
  const fixtures = readFixtures(version.dir);
  const tally: Tally = {
    outcomes: 0,
    outcomesMet: 0,
    outcomesRelaxed: 0,
    warnings: 0,
    warningsMet: 0,
    warningsRelaxed: 0,
  };
  const byFile = new Map<string, JsonFinding[]>();

  describe(`AG-UI conformance corpus, ${version.label} (profile ${version.profile})`, () => {
    beforeAll(() => {
      const dir = mkdtempSync(join(tmpdir(), `agui-conformance-${version.dir}-`));
      const files = fixtures.map((f) => {
        const file = join(dir, `${f.name}.har`);
        writeFileSync(file, toHar(f));
        return file;
      });
      for (const f of lintAll(files, version.profile)) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
      for (const [i, f] of fixtures.entries()) byFile.set(f.name, byFile.get(files[i] ?? '') ?? []);
    });

    afterAll(() => {
      const t = tally;
      const relaxed = (n: number) => (n > 0 ? ` (${n} relaxed)` : '');
      summary.push(
        `${version.label} conformance: ${t.outcomesMet}/${t.outcomes} outcomes${relaxed(t.outcomesRelaxed)}, ` +
          `${t.warningsMet}/${t.warnings} warnings${relaxed(t.warningsRelaxed)}`,
      );
    });

    it('holds every fixture', () => {
      expect(fixtures.length).toBeGreaterThan(0);
    });

    for (const fixture of fixtures) {
      it(fixture.name, () => {
        const findings = byFile.get(fixture.name) ?? [];
        const seen = findings.map(describeFinding).join('\n  ') || '(no findings)';
        const rejecting = findings.filter((f) => f.rejectedBy?.includes(version.profile));
        const problems: string[] = [];

        tally.outcomes++;
        const rejected = rejecting.length > 0;
        let outcomeMet = rejected === (fixture.expect.outcome === 'failed');
        const errorContains = fixture.expect.errorContains;
        if (outcomeMet && rejected && errorContains !== undefined) {
          const same = REJECTIONS[errorContains];
          if (same === undefined) problems.push(`no mapping for errorContains ${JSON.stringify(errorContains)}`);
          else if (!rejecting.some(names(same))) {
            outcomeMet = false;
            problems.push(`no rejecting finding names "${errorContains}" (expected ${same.rules.join(' or ')})`);
          }
        } else if (!outcomeMet)
          problems.push(
            `expected outcome ${fixture.expect.outcome}, the ${version.profile} mark says ${rejected ? 'failed' : 'completed'}`,
          );
        if (outcomeMet) tally.outcomesMet++;
        else if (relaxation(fixture, 'outcome', version.dir) !== undefined) {
          tally.outcomesRelaxed++;
          problems.length = 0;
        }

        for (const warning of fixture.expect.warnings ?? []) {
          tally.warnings++;
          const same = WARNINGS[warning];
          if (same !== undefined && findings.some(names(same))) tally.warningsMet++;
          else if (relaxation(fixture, 'warnings', version.dir) !== undefined) tally.warningsRelaxed++;
          else
            problems.push(
              `no finding tells the user about "${warning}" (expected ${same?.rules.join(' or ') ?? 'a mapping'})`,
            );
        }

        // Quiet means none of the findings that stand for a client warning.
        if (fixture.expect.noWarnings === true && relaxation(fixture, 'noWarnings', version.dir) === undefined) {
          const loud = findings.filter((f) => WARNING_RULES.has(f.rule));
          if (loud.length > 0) problems.push(`expected no warning, got ${loud.map((f) => f.rule).join(', ')}`);
        }

        expect(problems, `findings:\n  ${seen}`).toEqual([]);
      });
    }
  });
}

afterAll(() => {
  console.log(summary.join('\n'));
});
