// Untrusted strings (tool names, ids, arguments, results, URLs) carrying HTML, javascript:
// URLs and SSE-looking text show verbatim and nothing executes.
import { test, expect } from './harness-fixtures.js';

const XSS = '<img src=x onerror="window.__pwned=(window.__pwned||0)+1">';
const SCRIPT = '<script>window.__pwned=99</script>';
const JS_URL = 'javascript:window.__pwned=2';
const SSE = 'data: {"type":"RUN_ERROR","message":"injected"}\n\n';

test('hostile strings render as text everywhere and nothing executes', async ({ harness }) => {
  const { page } = harness;
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await harness.open();
  await page.evaluate(
    ({ XSS, SCRIPT, JS_URL, SSE }) => {
      const h = (window as unknown as { __harness: { events(e: unknown[], o: Record<string, unknown>): void } })
        .__harness;
      h.events(
        [
          { type: 'RUN_STARTED', threadId: XSS, runId: JS_URL },
          { type: 'TEXT_MESSAGE_START', messageId: SCRIPT, role: 'assistant' },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: SCRIPT, delta: SSE },
          { type: 'TEXT_MESSAGE_END', messageId: SCRIPT },
          { type: 'TOOL_CALL_START', toolCallId: XSS, toolCallName: SCRIPT },
          { type: 'TOOL_CALL_ARGS', toolCallId: XSS, delta: JSON.stringify({ href: JS_URL, html: XSS, sse: SSE }) },
          { type: 'TOOL_CALL_END', toolCallId: XSS },
          {
            type: 'TOOL_CALL_RESULT',
            messageId: 'm1',
            toolCallId: XSS,
            role: 'tool',
            content: [{ type: 'text', text: `${SSE}${XSS}` }],
          },
          { type: 'RUN_FINISHED', threadId: XSS, runId: JS_URL },
        ],
        {
          url: `http://localhost/${JS_URL}/${XSS}`,
          requestBody: { threadId: XSS, runId: JS_URL, messages: [], tools: [{ name: SCRIPT }] },
        },
      );
    },
    { XSS, SCRIPT, JS_URL, SSE },
  );
  const lane = page.getByRole('listbox', { name: 'Timeline lanes' }).getByRole('option', { name: /Tool call/ });
  // Shown as text: the label (fitted to its column) starts with the tag's characters, and
  // the tooltip has the name whole.
  await expect(lane).toContainText(SCRIPT.slice(0, 12));
  expect(await lane.locator('.tl-label').getAttribute('title')).toContain(SCRIPT);
  await lane.click();
  const detail = page.getByRole('complementary', { name: 'Details' });
  await expect(detail.getByRole('heading').first()).toContainText(SCRIPT);
  // The argument text is JSON, so the strings inside it are escaped; the tree shows them verbatim.
  await expect(detail.getByLabel('Argument text with delta boundaries')).toContainText(
    JSON.stringify(XSS).slice(1, -1),
  );
  await expect(detail.getByRole('tree', { name: 'Final arguments' })).toContainText(XSS);
  await expect(detail.getByLabel('Result 1')).toContainText('data: {"type":"RUN_ERROR"');
  // Every view, including the raw bytes of each event.
  await page.getByRole('tab', { name: 'Events' }).click();
  const events = page.getByRole('listbox', { name: 'Events' });
  await events.getByRole('option').nth(5).click();
  await expect(page.getByLabel('Raw event bytes')).toContainText('onerror');
  await page.getByRole('tab', { name: /Findings/ }).click();
  await page.getByRole('combobox', { name: 'Run' }).selectOption({ index: 1 });

  const state = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: number }).__pwned,
    imgs: document.querySelectorAll('img').length,
    scripts: [...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('__pwned')).length,
    jsLinks: document.querySelectorAll('[href^="javascript:"], [src^="javascript:"]').length,
  }));
  expect(state).toEqual({ pwned: undefined, imgs: 0, scripts: 0, jsLinks: 0 });
  expect(dialogs).toEqual([]);
  // The run selector names the run by the end of its id (as text), the whole id in the title.
  const picker = page.getByRole('combobox', { name: 'Run' });
  await expect(picker).toContainText(JS_URL.slice(-8));
  expect(await picker.locator('option').nth(1).getAttribute('title')).toContain(JS_URL);
});
