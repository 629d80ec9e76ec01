// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within, waitFor } from '@testing-library/preact';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents, sampleRunEvents } from '../test-kit.js';
import { buildExport, lintCommand } from './export-actions.js';
import { importFile } from './import-actions.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
});

const findingKeys = (p: RenderedPanel): string[] =>
  p.store.capture.model.value.findings.map(
    (f) => `${f.rule}|${f.severity}|${f.events.join(',')}|${f.toolCallId ?? ''}`,
  );

describe('import / export', () => {
  it('export → import gives the same findings', () => {
    const a = renderPanel();
    a.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    const before = findingKeys(a);
    expect(before.length).toBeGreaterThan(0);
    const out = buildExport(a.store, { redacted: false, now: 1_764_700_000_000 });
    a.unmount();
    const b = renderPanel({ offline: true });
    panel = b;
    expect(importFile(b.store, out.name, new TextEncoder().encode(out.text))).toBe(true);
    expect(findingKeys(b)).toEqual(before);
  });

  it('a redacted export lists what was redacted and still re-imports', () => {
    const a = renderPanel();
    panel = a;
    a.feed(
      relayEvents(
        { streamId: 's1', requestBody: { threadId: 'thread-1', runId: 'run-1', messages: [], tools: [] } },
        sampleRunEvents(),
      ),
    );
    const out = buildExport(a.store, { redacted: true, now: 1 });
    expect(out.redactions?.length).toBeGreaterThan(0);
    expect(out.text).not.toContain('refund policy');
    expect(importFile(a.store, out.name, new TextEncoder().encode(out.text))).toBe(true);
    expect(a.store.capture.model.value.runs.length).toBe(1);
  });

  it('a redacted export with lengths hidden says which findings may move', () => {
    const a = renderPanel();
    panel = a;
    a.feed(
      relayEvents(
        { streamId: 's1', requestBody: { threadId: 'thread-1', runId: 'run-1', messages: [], tools: [] } },
        sampleRunEvents(),
      ),
    );
    const out = buildExport(a.store, { redacted: true, hideLengths: true, now: 1 });
    expect(out.redactions?.[0]).toMatch(/^Note: lengths hidden/);
    expect(JSON.parse(out.text)).toMatchObject({ redacted: true, redaction: { hideLengths: true } });
    expect(out.text).not.toContain('refund policy');
  });

  it('the offline viewer imports a HAR through the file input', async () => {
    const p = renderPanel({ offline: true });
    panel = p;
    expect(within(p.el).getByRole('region', { name: 'Offline viewer' })).toBeTruthy();
    const input = p.el.querySelector('[data-testid="import-input"]') as HTMLInputElement;
    const file = new File([new Uint8Array(fixture('frontend-round-trip.har'))], 'frontend-round-trip.har');
    Object.defineProperty(input, 'files', { value: [file] });
    fireEvent.change(input);
    await waitFor(() => expect(p.store.capture.model.value.runs.length).toBeGreaterThan(1));
    expect(within(p.el).getByRole('listbox', { name: 'Timeline lanes' })).toBeTruthy();
    expect(within(p.el).getByText(/Imported frontend-round-trip.har as har/)).toBeTruthy();
  });

  it('reports a file it cannot load', () => {
    const p = renderPanel({ offline: true });
    panel = p;
    expect(importFile(p.store, 'x.json', new TextEncoder().encode('{"hello":1}'))).toBe(false);
    expect(p.store.notice.value).toMatch(/Could not import x.json/);
  });

  it('quotes the lint command for the exported file', () => {
    expect(lintCommand('agui-session-x.json')).toBe("npx agui-inspector lint 'agui-session-x.json'");
    expect(lintCommand("it's.json")).toBe("npx agui-inspector lint 'it'\\''s.json'");
  });
});
