// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';
import { claimFileName } from './download.js';

const panels: RenderedPanel[] = [];
afterEach(() => {
  for (const p of panels.splice(0)) p.unmount();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('export file names', () => {
  it('two exports in the same second get distinct names, and the notice and lint command use the saved one', () => {
    const p = renderPanel();
    panels.push(p);
    p.feed(
      relayEvents({ streamId: 's1' }, [
        { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
        { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
      ]),
    );
    // One clock reading for both: the same second, the same millisecond even.
    vi.spyOn(Date, 'now').mockReturnValue(1_764_700_200_000);
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const ui = within(p.el);
    const notices: string[] = [];
    for (let i = 0; i < 3; i++) {
      fireEvent.click(ui.getByRole('button', { name: 'Export and copy' }));
      fireEvent.click(ui.getByRole('menuitem', { name: 'Export session…' }));
      notices.push(p.store.notice.value ?? '');
    }
    expect(saved).toHaveLength(3);
    expect(new Set(saved).size).toBe(3);
    for (const [i, name] of saved.entries()) {
      expect(name).toMatch(/^agui-session-2025-12-02T18-30-00(-\d)?\.json$/);
      expect(notices[i]).toContain(`Exported ${name}`);
    }
    expect(p.store.lastExport.value?.name).toBe(saved[2]);
  });

  it('claimFileName numbers a repeated name before its extension', () => {
    const a = claimFileName('x-report.json');
    const b = claimFileName('x-report.json');
    const c = claimFileName('x-report.json');
    expect([a, b, c]).toEqual(['x-report.json', 'x-report-2.json', 'x-report-3.json']);
    expect(claimFileName('noext')).toBe('noext');
    expect(claimFileName('noext')).toBe('noext-2');
  });
});
