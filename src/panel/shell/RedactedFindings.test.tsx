// @vitest-environment happy-dom
// A customer's redacted file opened by support: its findings are recomputed from masked
// data, so the viewer says plainly that the file is redacted and which findings of the
// original the masked data no longer shows (or adds); the bug report's summary counts the
// original's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, within } from '@testing-library/preact';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { writeBugReport } from '../../core/io/bug-report.js';
import {
  ADDED_RULE,
  faithfulSession,
  KEPT_RULE,
  LOST,
  redactedSession,
} from '../../core/io/findings-before.test-helper.js';
import { buildBugReport } from '../io/bug-report-actions.js';
import { importFile } from '../io/import-actions.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';

const panels: RenderedPanel[] = [];
afterEach(() => {
  for (const p of panels.splice(0)) p.unmount();
  localStorage.clear();
  vi.restoreAllMocks();
});

function opened(name: string, data: string | Uint8Array): RenderedPanel {
  const p = renderPanel({ offline: true });
  panels.push(p);
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  act(() => void importFile(p.store, name, bytes));
  return p;
}

const section = (summary: string, name: string): string => summary.split(`## ${name}`)[1]?.split('\n## ')[0] ?? '';

describe('a redacted file in the viewer', () => {
  it('says it is redacted and lists the findings the masked data lost and gained', () => {
    const p = opened('customer-redacted.json', redactedSession().text);
    const pane = within(p.el).getByRole('region', { name: 'Redacted file findings' });
    expect(pane.textContent).toContain(
      'Redacted file: its masked data lints differently from the original. The original had 2 finding(s); 1 of them are not in the Findings list, and 1 there the original did not have.',
    );
    const lost = within(pane).getByRole('list', { name: 'Findings only in the original' });
    expect(
      within(lost)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(new RegExp(`^error ${LOST.rule} at run .+, event #3`))]);
    const added = within(pane).getByRole('list', { name: 'Findings made by redaction' });
    expect(
      within(added)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(new RegExp(`^error ${ADDED_RULE} at run .+, event #6`))]);
    // The finding in both is not listed as a difference.
    expect(pane.textContent).not.toContain(KEPT_RULE);
  });

  it('says in one line that the findings are the original ones when they match', () => {
    const p = opened('redacted.json', faithfulSession());
    const pane = within(p.el).getByRole('region', { name: 'Redacted file findings' });
    expect(pane.textContent).toBe(
      "Redacted file: its data is masked. The 2 finding(s) shown are the original's, as checked when it was redacted.",
    );
    expect(within(pane).queryByRole('list')).toBeNull();
  });

  it('says so plainly for a redacted file without findings, as its original had none', () => {
    const live = opened('backend-tool.sse', fixture('backend-tool.sse'));
    expect(live.store.capture.model.value.findings).toEqual([]);
    const text = live.store.core.exportRedacted(live.store.capture.model.value, {
      exportedAt: 1,
      extensionVersion: 't',
    }).text;
    const p = opened('clean-redacted.json', text);
    expect(within(p.el).getByRole('region', { name: 'Redacted file findings' }).textContent).toBe(
      'Redacted file: its data is masked. Like the original, it has no findings (checked when it was redacted).',
    );
  });

  it('shows the same for a bug report that holds a redacted session, and nothing for other files', () => {
    const report = writeBugReport({
      createdAt: 1,
      extensionVersion: 't',
      summary: '# report',
      sessionText: redactedSession().text,
    });
    const p = opened('ticket.json', report);
    expect(within(p.el).getByRole('region', { name: 'Redacted file findings' }).textContent).toContain(
      'The original had 2',
    );
    const plain = opened('renamed-reopen.sse', fixture('renamed-reopen.sse'));
    expect(within(plain.el).queryByRole('region', { name: 'Redacted file findings' })).toBeNull();
    act(() => p.store.clear());
    expect(within(p.el).queryByRole('region', { name: 'Redacted file findings' })).toBeNull();
  });
});

describe("a redacted bug report's summary", () => {
  it("counts the original's findings and names what redaction changed", () => {
    const p = opened('renamed-reopen.sse', fixture('renamed-reopen.sse'));
    // A redaction whose masked data lints differently (as the core reports it when even
    // keeping numbers and booleans does not help): the report carries the original's findings.
    vi.spyOn(p.store.core, 'exportRedacted').mockReturnValue({
      text: redactedSession().text,
      redactions: [],
    });
    const built = buildBugReport(p.store, { redaction: 'masked', notes: false }, { now: 1, browser: 'B/1' });
    expect(built.summary).toMatch(
      /^- Session: 1 stream\(s\), 1 run\(s\), 2 finding\(s\) \(before redaction; the redacted data shows 2\); redacted/m,
    );
    const changed = section(built.summary, 'Findings changed by redaction');
    expect(changed).toMatch(
      /Only in the original \(1\):\n- `tool-call\/args-schema-mismatch` \(error\) at run .+, event #3\n/,
    );
    expect(changed).toMatch(
      /Only in the redacted data, made by masking \(1\):\n- `tool-call\/reopen-name-mismatch` \(error\) at run .+, event #6/,
    );
    // The first error is the original's, whose message the masked data cannot give.
    const first = section(built.summary, 'First error');
    expect(first).toContain('- Rule: `tool-call/args-schema-mismatch`');
    expect(first).toMatch(/- Message: not kept \(messages quote values/);
  });

  it('counts as before when the redacted copy lints as the original', () => {
    const p = opened('renamed-reopen.sse', fixture('renamed-reopen.sse'));
    const built = buildBugReport(p.store, { redaction: 'strict', notes: false }, { now: 1, browser: 'B/1' });
    expect(built.summary).toMatch(/^- Session: 1 stream\(s\), 1 run\(s\), 2 finding\(s\); strictly redacted/m);
    expect(built.summary).not.toContain('## Findings changed by redaction');
    expect(section(built.summary, 'First error')).toContain('- Rule: `tool-call/reopen-name-mismatch`');
  });
});
