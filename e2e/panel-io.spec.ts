// Harness tier: export → import round trips (same findings), redacted export, drag-and-drop import.
import { readFile } from 'node:fs/promises';
import { test, expect } from './harness-fixtures.js';
import { main } from '../src/cli/main.js';

type H = {
  __harness: {
    counts(): Record<string, number>;
    store: { capture: { model: { value: { findings: { rule: string; events: number[] }[] } } } };
  };
};

// A live panel's timing/stall is measured against the clock while a stream is open: on a busy
// CI machine the showcase's open stream stalled before the findings were read (stall@8 live,
// absent from the import, whose streams are judged as recorded). The round trip compares the
// findings the recording itself holds.
const findingKeys = (page: import('@playwright/test').Page): Promise<string[]> =>
  page.evaluate(() =>
    (window as unknown as H).__harness.store.capture.model.value.findings
      .filter((f) => f.rule !== 'timing/stall')
      .map((f) => `${f.rule}@${f.events.join(',')}`)
      .sort(),
  );

type Versions = { version: number };
type Capture = { __harness: { store: { capture: { model: { value: Versions }; inspector(): { model: Versions } } } } };

// The round trip below compares against the findings read at "ready". The store applies in
// time-boxed slices, so on a slow machine the showcase was still half applied then (CI, stop
// 52: one finding of five). A CPU six times slower makes that likely; ready must still mean
// all of it is applied and shown.
test('the harness is ready only once the showcase is applied and shown, on a slow CPU', async ({ harness }) => {
  const cdp = await harness.page.context().newCDPSession(harness.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await harness.open({ demo: 'showcase' });
  const { shown, applied } = await harness.page.evaluate(() => {
    const capture = (window as unknown as Capture).__harness.store.capture;
    return { shown: capture.model.value.version, applied: capture.inspector().model.version };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(shown).toBe(applied);
});

test('export the session, import it in the offline viewer: same findings', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ demo: 'showcase' });
  const before = await findingKeys(page);
  expect(before.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Export and copy' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export session…' }).click();
  const file = await (await download).path();
  const name = (await download).suggestedFilename();
  expect(name).toMatch(/^agui-session-.*\.json$/);
  await expect(page.getByRole('status', { name: 'Notice' })).toContainText(`Exported ${name}`);

  await harness.open({ offline: '1' });
  await expect(page.getByRole('region', { name: 'Offline viewer' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import file' }).first().click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: await readFile(file) });
  await expect(page.getByRole('listbox', { name: 'Timeline lanes' })).toBeVisible();
  expect(await findingKeys(page)).toEqual(before);
});

test('redacted export lists what it redacted and keeps structure', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ demo: 'showcase' });
  await page.getByRole('button', { name: 'Export and copy' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export session (redacted)…' }).click();
  const text = await readFile(await (await download).path(), 'utf8');
  expect(text).not.toContain('Casa Azul');
  expect(JSON.parse(text)).toMatchObject({ format: 'agui-inspector-session', redacted: true });
  const notice = page.getByRole('status', { name: 'Notice' });
  await notice.getByText(/What was redacted/).click();
  await expect(notice.getByRole('list', { name: 'Redacted values' }).getByRole('listitem').first()).toBeVisible();
});

test('drag-and-drop a HAR into the offline viewer', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ offline: '1' });
  const har = await readFile(new URL('../test/fixtures/frontend-round-trip.har', import.meta.url));
  const data = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'customer.har', { type: 'application/json' }));
    return dt;
  }, har.toString('utf8'));
  await page.dispatchEvent('.agui-root', 'dragover', { dataTransfer: data });
  await page.dispatchEvent('.agui-root', 'drop', { dataTransfer: data });
  await expect(page.getByRole('status', { name: 'Notice' })).toContainText('Imported customer.har as har');
  await expect(page.getByRole('status', { name: 'Capture health' })).toContainText('Offline: customer.har');
  await expect(
    page.getByRole('listbox', { name: 'Timeline lanes' }).getByRole('option', { name: /confirm_booking/ }),
  ).toBeVisible();
});

test('copy the lint command for the exported file', async ({ harness }) => {
  const { page } = harness;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await harness.open({ demo: 'showcase' });
  await page.getByRole('button', { name: 'Export and copy' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export session…' }).click();
  const name = (await download).suggestedFilename();
  await page.getByRole('button', { name: 'Export and copy' }).click();
  await page.getByRole('menuitem', { name: 'Copy lint command' }).click();
  await expect(page.getByRole('status', { name: 'Notice' })).toContainText('Copied lint command');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`npx agui-inspector lint '${name}'`);
});

test('Export HAR: `agui-inspector lint` reads the HAR to the same findings as the session export', async ({
  harness,
}) => {
  const { page } = harness;
  await harness.open({ demo: 'showcase' });
  const saved = async (item: string): Promise<{ name: string; bytes: Uint8Array }> => {
    await page.getByRole('button', { name: 'Export and copy' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const d = await download;
    return { name: d.suggestedFilename(), bytes: new Uint8Array(await readFile(await d.path())) };
  };
  const session = await saved('Export session…');
  const har = await saved('Export HAR…');
  expect(har.name).toMatch(/^agui-session-.*\.har$/);
  const lint = async (file: { name: string; bytes: Uint8Array }) => {
    let out = '';
    await main(['lint', '--format', 'json', file.name], {
      stdout: (t) => void (out += t),
      stderr: () => undefined,
      readFile: async () => file.bytes,
      color: false,
      version: 'test',
    });
    const json = JSON.parse(out) as { findings: { rule: string; severity: string; runId?: string }[] };
    return json.findings.map((f) => `${f.rule} ${f.severity} ${f.runId ?? ''}`).sort();
  };
  const fromSession = await lint(session);
  expect(fromSession.length).toBeGreaterThan(0);
  expect(await lint(har)).toEqual(fromSession);
});
