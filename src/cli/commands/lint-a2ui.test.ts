// lint --a2ui-catalogue and the config key "a2uiCatalogue", run in-process through main().
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../test/fixtures/read-fixture.js';
import { runCli } from '../memory-io.test-helper.js';

async function run(argv: string[], virtual: Record<string, string> = {}) {
  return runCli(argv, { files: virtual, dir: FIXTURES });
}

const rulesOf = (stdout: string): string[] =>
  (JSON.parse(stdout) as { findings: { rule: string }[] }).findings.map((x) => x.rule);

// The v0.9 broken fixture names the basic catalogue by the id the middleware sends.
const APP = JSON.stringify({
  catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json',
  components: { Column: {}, Text: {}, Chart: {} },
});

describe('lint --a2ui-catalogue', () => {
  it('judges components against the given catalogue instead of the basic one', async () => {
    const base = await run(['lint', '--no-config', '--format', 'json', 'a2ui/v0_9-broken.jsonl']);
    expect(rulesOf(base.stdout)).toContain('a2ui/unknown-component');
    const r = await run(
      ['lint', '--no-config', '--format', 'json', '--a2ui-catalogue', '/virtual/app.json', 'a2ui/v0_9-broken.jsonl'],
      { '/virtual/app.json': APP },
    );
    expect(rulesOf(r.stdout)).not.toContain('a2ui/unknown-component');
    expect(rulesOf(r.stdout)).toContain('a2ui/missing-child');
  });

  it('reads the catalogue the config file names, relative to the config', async () => {
    const r = await run(
      ['lint', '--config', '/virtual/agui-inspector.config.json', '--format', 'json', 'a2ui/v0_9-broken.jsonl'],
      {
        '/virtual/agui-inspector.config.json': JSON.stringify({ a2uiCatalogue: 'app.json' }),
        '/virtual/app.json': APP,
      },
    );
    // Warnings and notices only: below the default --fail-on error.
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(rulesOf(r.stdout)).not.toContain('a2ui/unknown-component');
  });

  it('is a usage error when the catalogue has no components', async () => {
    const r = await run(['lint', '--no-config', '--a2ui-catalogue', '/virtual/app.json', 'a2ui/v0_9-valid.jsonl'], {
      '/virtual/app.json': '{"catalogId": "x"}',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('/virtual/app.json: "components" must be');
  });
});
