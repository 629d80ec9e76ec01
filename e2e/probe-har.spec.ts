// Harness tier: the HAR `agui-inspector probe --har` saves opens in the offline viewer,
// with the probe's runs and the same protocol findings the probe reported.
import { test, expect } from './harness-fixtures.js';
import { startDemoServer } from '../demo/server.js';
import { runCli } from '../src/cli/memory-io.test-helper.js';

type H = {
  __harness: {
    store: { capture: { model: { value: { findings: { rule: string }[]; runs: { runId: string }[] } } } };
  };
};

test('a probe session HAR opens in the panel with its runs and findings', async ({ harness }) => {
  const { page } = harness;
  const demo = await startDemoServer({ delayMs: 0 });
  const { code, stdout, writtenText } = await runCli([
    'probe',
    `${demo.url}/agent`,
    '--script',
    'demo/probe-script.yaml',
    '--step',
    'frontend-tool',
    '--step',
    'state',
    '--har',
    'probe.har',
    '--format',
    'json',
  ]);
  await demo.close();
  expect(code).toBe(1);
  const probed = (JSON.parse(stdout) as { findings: { rule: string }[] }).findings
    .map((f) => f.rule)
    .filter((r) => !r.startsWith('probe/'));

  await harness.open({ offline: '1' });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import file' }).first().click();
  await (
    await chooser
  ).setFiles({ name: 'probe.har', mimeType: 'application/json', buffer: Buffer.from(writtenText('probe.har')!) });
  await expect(page.getByRole('listbox', { name: 'Timeline lanes' })).toBeVisible();
  const model = await page.evaluate(() => {
    const m = (window as unknown as H).__harness.store.capture.model.value;
    return { rules: m.findings.map((f) => f.rule), runs: m.runs.length };
  });
  // frontend-tool's two runs and the state run.
  expect(model.runs).toBe(3);
  expect(model.rules.sort()).toEqual(probed.sort());
  expect(model.rules).toContain('state/patch-failed');
});
