// probe reads agui-inspector.config.json as lint does: found upward from the working
// directory (or --config), its rules, failOn and ignoreUrls under the command line's.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../../demo/server.js';
import { runCli } from '../memory-io.test-helper.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 0 });
});
afterAll(() => demo.close());

const SCRIPT = resolve(import.meta.dirname, '../../../demo/probe-script.yaml');
const DIR = '/virtual/probe-proj';
const withConfig = (value: unknown) => ({
  files: { [`${DIR}/agui-inspector.config.json`]: JSON.stringify(value) },
  cwd: `${DIR}/sub`,
});
const rulesOf = (stdout: string) =>
  (JSON.parse(stdout) as { findings: { rule: string }[] }).findings.map((f) => f.rule);
// The demo's shared-state scenario sends a patch that does not apply (see probe-demo.test.ts).
const probeState = (extra: string[] = []) => [
  'probe',
  `${demo.url}/agent`,
  '--script',
  SCRIPT,
  '--step',
  'state',
  '--format',
  'json',
  ...extra,
];

describe('probe with agui-inspector.config.json', () => {
  it('turns rules off and ignores URLs as the config says; --no-config reads none', async () => {
    const plain = await runCli(probeState(['--no-config']), withConfig({ rules: { 'state/patch-failed': 'off' } }));
    expect(rulesOf(plain.stdout)).toContain('state/patch-failed');
    expect(plain.code).toBe(1);
    const off = await runCli(probeState(), withConfig({ rules: { 'state/patch-failed': 'off' } }));
    expect(rulesOf(off.stdout)).not.toContain('state/patch-failed');
    const ignored = await runCli(probeState(), withConfig({ ignoreUrls: [`${demo.url}/*`] }));
    expect(rulesOf(ignored.stdout)).toEqual([]);
    expect(ignored.code).toBe(0);
  });

  it('takes failOn from the config unless the command line gives one', async () => {
    // The probe's own contract finding is turned off on the command line; the config makes the patch a warning.
    const strict = withConfig({ failOn: 'warning', rules: { 'state/patch-failed': 'warning' } });
    const own = ['--rule', 'probe/state-round-trip=off'];
    expect((await runCli(probeState(own), strict)).code).toBe(1);
    expect((await runCli(probeState([...own, '--fail-on', 'error']), strict)).code).toBe(0);
  });

  it('refuses a bad config file with exit 2, naming it', async () => {
    const r = await runCli(probeState(), withConfig({ failOn: 'fatal' }));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/agui-inspector\.config\.json: failOn must be error, warning or notice/);
  });
});
