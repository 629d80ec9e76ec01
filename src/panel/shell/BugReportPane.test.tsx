// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, within } from '@testing-library/preact';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { writeBugReport } from '../../core/io/bug-report.js';
import { exportSession } from '../../core/io/session-export.js';
import { inspectBytes } from '../../core/io/inspect-bytes.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { importFile } from '../io/import-actions.js';

const panels: RenderedPanel[] = [];
afterEach(() => {
  for (const p of panels.splice(0)) p.unmount();
  localStorage.clear();
});

/** A one-pixel PNG (a real one: the viewer shows it as an image). */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function sessionText(): string {
  const r = inspectBytes('frontend-round-trip.har', fixture('frontend-round-trip.har'));
  if (!r.ok) throw new Error(r.error);
  const run = r.model.runs[0];
  if (!run) throw new Error('fixture changed');
  return exportSession(r.model, {
    extensionVersion: 't',
    exportedAt: 1,
    notes: [{ id: 'n', text: 'the note', createdAt: 1, target: { kind: 'run', streamId: run.streamId, run: 0 } }],
  });
}

const HOSTILE = [
  '# Customer report',
  '',
  'The **tool** fails. <img src="x" onerror="window.__pwned=1"> <script>window.__pwned=2</script>',
  '',
  '- [click me](javascript:window.__pwned=3)',
  '- Page: http://page.example/x',
  '- ![pic](http://example.invalid/track.png)',
  '',
  '| run | outcome |',
  '|---|---|',
  '| run-1 | error |',
].join('\n');

function open(p: RenderedPanel, report: string): void {
  act(() => void importFile(p.store, 'ticket.json', new TextEncoder().encode(report)));
}

describe('a bug report opened in the viewer or the panel', () => {
  for (const offline of [true, false]) {
    it(`shows its summary as safe elements and its picture beside the session (${offline ? 'viewer' : 'panel Import'})`, () => {
      const p = renderPanel({ offline });
      panels.push(p);
      open(
        p,
        writeBugReport({
          createdAt: 2,
          extensionVersion: 't',
          summary: HOSTILE,
          sessionText: sessionText(),
          timelinePng: PIXEL,
        }),
      );
      const pane = within(p.el).getByRole('region', { name: 'Bug report' });
      const summary = within(pane).getByLabelText('Bug report summary');
      // Markdown structure became elements...
      expect(within(summary).getByRole('heading', { name: 'Customer report' })).toBeTruthy();
      expect(summary.querySelector('strong')?.textContent).toBe('tool');
      expect(summary.querySelectorAll('td')).toHaveLength(2);
      // ...and the untrusted parts stayed text: no element from the file's HTML, no link, no remote image.
      expect(summary.querySelector('img, script, a, iframe')).toBeNull();
      expect(summary.textContent).toContain('<img src="x" onerror="window.__pwned=1">');
      expect(summary.textContent).toContain('javascript:window.__pwned=3');
      // A bare URL is shown once, as text.
      expect(summary.textContent?.split('http://page.example/x').length).toBe(2);
      expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
      const img = within(pane).getByRole('img', { name: /Timeline picture/ }) as HTMLImageElement;
      expect(img.getAttribute('src')).toBe(`data:image/png;base64,${PIXEL}`);
      // The session is there too, opened at its first note as before.
      const detail = within(p.el.querySelector('#agui-detail') as HTMLElement);
      expect(detail.getByRole('list', { name: /Notes on this run/ }).textContent).toContain('the note');
    });
  }

  it('drops a picture that is not base64 PNG and says so; a session file shows no report pane; Clear removes it', () => {
    const p = renderPanel({ offline: true });
    panels.push(p);
    const report = JSON.parse(
      writeBugReport({ createdAt: 2, extensionVersion: 't', summary: '', sessionText: sessionText() }),
    ) as Record<string, unknown>;
    report['timelinePng'] = { mimeType: 'image/png', base64: 'x" onload="alert(1)' };
    open(p, JSON.stringify(report));
    const pane = within(p.el).getByRole('region', { name: 'Bug report' });
    expect(pane.querySelector('img')).toBeNull();
    expect(pane.textContent).toContain('No timeline picture in this report.');
    expect(pane.textContent).toContain('This report has no summary.');
    act(() => p.store.clear());
    expect(within(p.el).queryByRole('region', { name: 'Bug report' })).toBeNull();
    act(() => void importFile(p.store, 'session.json', new TextEncoder().encode(sessionText())));
    expect(within(p.el).queryByRole('region', { name: 'Bug report' })).toBeNull();
  });
});
