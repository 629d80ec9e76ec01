// lint's machine formats and policy options, run in-process through main().
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { XMLParser } from 'fast-xml-parser';
import { FIXTURES } from '../../../test/fixtures/read-fixture.js';
import { RULES } from '../../core/catalogue/catalogue.js';
import { runCli } from '../memory-io.test-helper.js';

const require = createRequire(import.meta.url);
// The SARIF 2.1.0 schema as Microsoft's SARIF test helpers ship it (its language pattern
// is not valid with the u flag, hence unicodeRegExp: false below).
const sarifSchema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json') as object;

/** Paths under /virtual/ are in `virtual` or missing; others are fixtures. */
async function run(argv: string[], virtual: Record<string, string> = {}, cwd?: string) {
  return runCli(argv, { files: virtual, dir: FIXTURES, ...(cwd !== undefined ? { cwd } : {}) });
}

interface SarifOut {
  runs: {
    tool: { driver: { rules: { id: string; help: { text: string } }[] } };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
    }[];
    invocations: {
      executionSuccessful: boolean;
      toolExecutionNotifications?: { message: { text: string } }[];
      ruleConfigurationOverrides?: unknown[];
    }[];
  }[];
}

describe('lint --format sarif', () => {
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(sarifSchema);

  it('is valid SARIF 2.1.0 with every catalogue rule and one result per finding', async () => {
    const json = await run(['lint', '--format', 'json', 'renamed-reopen.sse', 'chrome-base64.har']);
    const r = await run([
      'lint',
      '--format',
      'sarif',
      '--rule',
      'run/truncated=off',
      'renamed-reopen.sse',
      'chrome-base64.har',
    ]);
    const out = JSON.parse(r.stdout) as SarifOut;
    expect(validate(out), JSON.stringify(validate.errors)).toBe(true);
    const driverRules = out.runs[0]!.tool.driver.rules;
    expect(driverRules.map((d) => d.id)).toEqual(RULES.map((x) => x.id));
    const mismatch = RULES.find((x) => x.id === 'tool-call/reopen-name-mismatch')!;
    expect(driverRules.find((d) => d.id === mismatch.id)!.help.text).toContain(mismatch.specText);
    const expected = (JSON.parse(json.stdout) as { findings: { rule: string }[] }).findings.filter(
      (f) => f.rule !== 'run/truncated',
    );
    const results = out.runs[0]!.results;
    expect(results.map((x) => x.ruleId)).toEqual(expected.map((f) => f.rule));
    for (const x of results) expect(driverRules[x.ruleIndex]!.id).toBe(x.ruleId);
    expect(results[0]!.locations[0]!.physicalLocation.artifactLocation.uri).toBe('renamed-reopen.sse');
    expect(out.runs[0]!.invocations[0]!.toolExecutionNotifications!.map((n) => n.message.text).join('\n')).toMatch(
      /chrome-base64\.har: ignored 1 entry/,
    );
    expect(out.runs[0]!.invocations[0]!.ruleConfigurationOverrides).toHaveLength(1);
    expect(r.code).toBe(1);
  });

  it('stays valid with unreadable input, and says the run was not successful', async () => {
    const r = await run(['lint', '--format', 'sarif', 'backend-tool.sse', '/virtual/missing file.sse']);
    const out = JSON.parse(r.stdout) as SarifOut;
    expect(validate(out), JSON.stringify(validate.errors)).toBe(true);
    expect(out.runs[0]!.invocations[0]!.executionSuccessful).toBe(false);
    expect(r.code).toBe(2);
  });
});

describe('lint --format junit', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['testsuite', 'testcase'].includes(name),
  });
  type Case = {
    name: string;
    failure?: { message: string; type: string; '#text': string };
    'system-out'?: string;
    error?: { message: string };
  };
  type Suites = {
    testsuites: {
      tests: string;
      failures: string;
      testsuite: { name: string; tests: string; failures: string; testcase: Case[] }[];
    };
  };

  it('writes one suite per file and one case per run; error findings fail their run', async () => {
    const r = await run([
      'lint',
      '--format',
      'junit',
      'frontend-round-trip.har',
      'renamed-reopen.sse',
      'backend-tool.sse',
    ]);
    const xml = parser.parse(r.stdout) as Suites;
    const suites = xml.testsuites.testsuite;
    expect(suites.map((s) => s.name)).toEqual(['frontend-round-trip.har', 'renamed-reopen.sse', 'backend-tool.sse']);
    // The round trip is two runs on one thread.
    expect(suites[0]!.testcase.length).toBe(2);
    // Names CI history can follow: the same in every recording of the scenario.
    expect(suites[0]!.testcase.map((c) => c.name)).toEqual(['run 1', 'run 2']);
    expect(suites[0]!.testcase[0]!['system-out']).toContain('thread thread-trip · run run-trip-1');
    const failed = suites[1]!.testcase.find((c) => c.failure !== undefined)!;
    expect(failed.failure!.message).toContain('tool-call/reopen-name-mismatch');
    expect(failed.failure!['#text']).toMatch(/official @ag-ui\/client/);
    expect(suites[2]!.testcase.every((c) => c.failure === undefined)).toBe(true);
    expect(Number(xml.testsuites.failures)).toBe(suites.reduce((n, s) => n + Number(s.failures), 0));
    expect(Number(xml.testsuites.tests)).toBe(suites.reduce((n, s) => n + s.testcase.length, 0));
  });

  it('fails cases on warnings with --fail-on warning, keeping lesser findings as output', async () => {
    const base = parser.parse((await run(['lint', '--format', 'junit', 'truncated.sse'])).stdout) as Suites;
    const strict = parser.parse(
      (await run(['lint', '--format', 'junit', '--fail-on', 'warning', 'truncated.sse'])).stdout,
    ) as Suites;
    const failures = (x: Suites) => x.testsuites.testsuite[0]!.testcase.filter((c) => c.failure !== undefined).length;
    expect(failures(strict)).toBeGreaterThan(0);
    expect(failures(strict)).toBeGreaterThanOrEqual(failures(base));
    expect(strict.testsuites.testsuite[0]!.testcase.some((c) => c.failure?.message.includes('run/truncated'))).toBe(
      true,
    );
  });

  it('escapes stream content and reports unreadable files as errors', async () => {
    const evil = 'data: {"type":"RUN_STARTED","threadId":"t<&\\"\'>","runId":"r\\u0001"}\n\n';
    const r = await run(['lint', '--format', 'junit', '/virtual/evil.sse', '/virtual/none.sse'], {
      '/virtual/evil.sse': evil,
    });
    const xml = parser.parse(r.stdout) as Suites;
    // The case is named by its place; the recording's ids are in its system-out.
    expect(xml.testsuites.testsuite[0]!.testcase[0]!.name).toBe('run 1');
    expect(xml.testsuites.testsuite[0]!.testcase[0]!['system-out']).toContain('thread t<&"\'>');
    // XML 1.0 cannot carry U+0001: it is written as text.
    expect(r.stdout).not.toContain('\u0001');
    expect(xml.testsuites.testsuite[0]!.testcase[0]!['system-out']).toContain('run r\\u0001');
    expect(xml.testsuites.testsuite[1]!.testcase[0]!.error!.message).toMatch(/no such file/);
  });
});

describe('lint --format github', () => {
  it('prints one workflow command per finding, escaped', async () => {
    const r = await run(['lint', '--format', 'github', 'renamed-reopen.sse']);
    const lines = r.stdout.trim().split('\n');
    const mismatch = lines.find((l) => l.includes('tool-call/reopen-name-mismatch'))!;
    expect(mismatch).toMatch(/^::error file=renamed-reopen\.sse,line=\d+,title=tool-call\/reopen-name-mismatch \(/);
    // Commas and colons in property values would end them early.
    const title = /title=([^:]*)::/.exec(mismatch)![1]!;
    expect(title).not.toMatch(/[,:]/);
    expect(lines.at(-1)).toMatch(/^agui-inspector: 1 file, 1 error/);
    const multiline = await run(['lint', '--format', 'github', '/virtual/x.sse'], {
      '/virtual/x.sse': 'data: {not json\n\n',
    });
    expect(
      multiline.stdout
        .split('\n')
        .filter((l) => l.startsWith('::'))
        .every((l) => !l.includes('\r')),
    ).toBe(true);
  });
});

describe('lint --format github and loader notes', () => {
  it('prints a note ("ignored N entries") as a log line, not an annotation that uses up the limit', async () => {
    const r = await run(['lint', '--format', 'github', 'chrome-base64.har']);
    const lines = r.stdout.trim().split('\n');
    expect(lines.filter((l) => l.includes('ignored'))).toEqual([
      expect.stringMatching(/^agui-inspector: note: chrome-base64\.har: ignored \d+ entr/),
    ]);
    expect(lines.filter((l) => l.startsWith('::notice') && l.includes('note'))).toEqual([]);
  });
});

describe('lint --fail-on and --rule', () => {
  it('--fail-on decides the exit code; --min-severity only what is shown', async () => {
    expect((await run(['lint', 'chunked-calls.sse'])).code).toBe(0);
    const notices = await run(['lint', '--format', 'json', 'chunked-calls.sse']);
    expect((JSON.parse(notices.stdout) as { summary: { notices: number } }).summary.notices).toBeGreaterThan(0);
    expect((await run(['lint', '--fail-on', 'notice', 'chunked-calls.sse'])).code).toBe(1);
    const hidden = await run(['lint', '--fail-on', 'notice', '--min-severity', 'error', 'chunked-calls.sse']);
    // Exit 1 with nothing shown says why: the failing findings are hidden, not absent.
    expect(hidden.code).toBe(1);
    expect(hidden.stdout).toMatch(/^✖ 1 file, 0 findings shown; \d+ failing findings? hidden by --min-severity\n$/);
  });

  it('--rule turns a rule off or changes its severity, in output and exit code', async () => {
    const before = await run(['lint', '--format', 'json', 'renamed-reopen.sse']);
    expect(before.code).toBe(1);
    const off = await run([
      'lint',
      '--format',
      'json',
      '--rule',
      'tool-call/reopen-name-mismatch=off',
      'renamed-reopen.sse',
    ]);
    const offRules = (JSON.parse(off.stdout) as { findings: { rule: string }[] }).findings.map((f) => f.rule);
    expect(offRules).not.toContain('tool-call/reopen-name-mismatch');
    const demoted = await run([
      'lint',
      '--format',
      'json',
      '--rule',
      'tool-call/reopen-name-mismatch=notice',
      'renamed-reopen.sse',
    ]);
    const f = (JSON.parse(demoted.stdout) as { findings: { rule: string; severity: string }[] }).findings.find(
      (x) => x.rule === 'tool-call/reopen-name-mismatch',
    );
    expect(f?.severity).toBe('notice');
    const errorsLeft = (JSON.parse(demoted.stdout) as { summary: { errors: number } }).summary.errors;
    expect(demoted.code).toBe(errorsLeft > 0 ? 1 : 0);
    // chunked-calls.sse has only notices: promoting one of them makes it fail.
    expect((await run(['lint', 'chunked-calls.sse'])).code).toBe(0);
    const promoted = await run([
      'lint',
      '--format',
      'json',
      '--rule',
      'tool-call/chunk-implicit-end=error',
      'chunked-calls.sse',
    ]);
    expect(promoted.code).toBe(1);
    expect(
      (JSON.parse(promoted.stdout) as { findings: { rule: string; severity: string }[] }).findings
        .filter((x) => x.rule === 'tool-call/chunk-implicit-end')
        .every((x) => x.severity === 'error'),
    ).toBe(true);
  });

  it('an unknown rule id is a usage error (exit 2) naming it', async () => {
    const r = await run(['lint', '--rule', 'tool-call/nope=off', 'renamed-reopen.sse']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--rule: unknown rule id "tool-call\/nope"/);
    expect(r.stdout).toBe('');
  });
});

describe('agui-inspector.config.json', () => {
  const config = (value: unknown) => JSON.stringify(value);

  it('is found upward from the working directory; the command line wins', async () => {
    const files = {
      '/virtual/proj/agui-inspector.config.json': config({
        failOn: 'notice',
        rules: { 'tool-call/reopen-name-mismatch': 'off' },
      }),
    };
    const fromConfig = await run(['lint', '--format', 'json', 'renamed-reopen.sse'], files, '/virtual/proj/sub/dir');
    expect(
      (JSON.parse(fromConfig.stdout) as { findings: { rule: string }[] }).findings.map((f) => f.rule),
    ).not.toContain('tool-call/reopen-name-mismatch');
    expect((await run(['lint', 'chunked-calls.sse'], files, '/virtual/proj')).code).toBe(1);
    expect((await run(['lint', '--fail-on', 'error', 'chunked-calls.sse'], files, '/virtual/proj')).code).toBe(0);
    const back = await run(
      ['lint', '--format', 'json', '--rule', 'tool-call/reopen-name-mismatch=error', 'renamed-reopen.sse'],
      files,
      '/virtual/proj',
    );
    expect(back.code).toBe(1);
    expect((await run(['lint', '--no-config', 'chunked-calls.sse'], files, '/virtual/proj')).code).toBe(0);
  });

  it('applies its profile and ignoreUrls as lint --profile would and as probe and the fixture do', async () => {
    const dir = '/virtual/cfg';
    const at = (value: unknown) => ({ [`${dir}/agui-inspector.config.json`]: config(value) });
    // The CRLF framing warning is one the 1.0 client rejects: failing under that profile only.
    expect((await run(['lint', 'crlf-framing.sse'], at({}), dir)).code).toBe(0);
    expect((await run(['lint', 'crlf-framing.sse'], at({ profile: '1.0' }), dir)).code).toBe(1);
    // no-bodies.har's stream went to localhost:8000/agent: ignored, it is not reported.
    const ignored = await run(
      ['lint', '--format', 'json', 'no-bodies.har'],
      at({ ignoreUrls: ['http://localhost:8000/*'] }),
      dir,
    );
    expect((JSON.parse(ignored.stdout) as { findings: unknown[] }).findings).toEqual([]);
    expect(ignored.code).toBe(0);
    const other = await run(['lint', 'no-bodies.har'], at({ ignoreUrls: ['http://localhost:9999/*'] }), dir);
    expect(other.code).toBe(1);
  });

  it('bad content is exit 2 with the file named', async () => {
    const cases: [string, RegExp][] = [
      ['{', /agui-inspector\.config\.json: not valid JSON/],
      [config({ rules: { 'no/such': 'off' } }), /unknown rule id "no\/such"/],
      [config({ failOn: 'fatal' }), /failOn must be error, warning or notice/],
      [config({ failon: 'error' }), /unknown setting "failon"/],
      [config({ profile: '2.0' }), /profile must be 1\.0 or next/],
      [config({ ignoreUrls: 'http://x/*' }), /"ignoreUrls" must be an array of URL patterns/],
    ];
    for (const [text, message] of cases) {
      const r = await run(
        ['lint', 'backend-tool.sse'],
        { '/virtual/p/agui-inspector.config.json': text },
        '/virtual/p',
      );
      expect(r.code, text).toBe(2);
      expect(r.stderr, text).toMatch(message);
    }
  });
});

describe('line numbers for bare SSE bodies', () => {
  /** The 1-based line of the n-th `data:` line, counted independently of the code under test. */
  function dataLine(name: string, n: number): number {
    const lines = readFileSync(resolve(FIXTURES, name), 'utf8').split(/\r\n|\r|\n/);
    let seen = -1;
    return lines.findIndex((l) => l.startsWith('data:') && ++seen === n) + 1;
  }

  it('JSON, SARIF and GitHub annotations point at the event line (LF and CRLF files)', async () => {
    for (const name of ['renamed-reopen.sse', 'crlf-framing.sse']) {
      const out = JSON.parse((await run(['lint', '--format', 'json', name])).stdout) as {
        findings: { event?: number; line?: number }[];
      };
      const located = out.findings.filter((f) => f.event !== undefined);
      expect(located.length, name).toBeGreaterThan(0);
      for (const f of located) expect(f.line, name).toBe(dataLine(name, f.event!));
    }
    const sarif = JSON.parse((await run(['lint', '--format', 'sarif', 'renamed-reopen.sse'])).stdout) as {
      runs: { results: { ruleId: string; locations: { physicalLocation: { region?: { startLine: number } } }[] }[] }[];
    };
    const mismatch = sarif.runs[0]!.results.find((x) => x.ruleId === 'tool-call/reopen-name-mismatch')!;
    expect(mismatch.locations[0]!.physicalLocation.region?.startLine).toBe(dataLine('renamed-reopen.sse', 6));
    expect((await run(['lint', '--format', 'github', 'renamed-reopen.sse'])).stdout).toContain(
      `,line=${dataLine('renamed-reopen.sse', 6)},title=tool-call/reopen-name-mismatch`,
    );
    // A HAR's bodies are not its lines: no line numbers there.
    const har = JSON.parse((await run(['lint', '--format', 'json', 'frontend-round-trip.har'])).stdout) as {
      findings: { line?: number }[];
    };
    expect(har.findings.every((f) => f.line === undefined)).toBe(true);
  });
});
