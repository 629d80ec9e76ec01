// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, waitFor, within } from '@testing-library/preact';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { CONTENT, CREDENTIALS, HAR_DATA, survivors } from '../../core/io/redact/redact.test-helper.js';
import { buildBugReport } from '../io/bug-report-actions.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';
import { importFile } from '../io/import-actions.js';

const SECRETS = [...CONTENT, ...CREDENTIALS, ...HAR_DATA];
const panels: RenderedPanel[] = [];
afterEach(() => {
  for (const p of panels.splice(0)) p.unmount();
  localStorage.clear();
  vi.restoreAllMocks();
});

/** The offline viewer with the credentials HAR (every secret of the redaction tests) and a note on a call. */
function withSecrets(): RenderedPanel {
  const p = renderPanel({ offline: true });
  panels.push(p);
  act(() => void importFile(p.store, 'customer.har', fixture('chrome-credentials.har')));
  const run = p.store.capture.model.value.runs.find((r) => r.toolCalls.length > 0);
  const call = run?.toolCalls[0];
  if (!run || !call) throw new Error('fixture changed');
  act(
    () =>
      void p.store.notes.add(
        { kind: 'call', streamId: run.streamId, run: run.ordinal, toolCallId: call.toolCallId },
        'The tool answers with the wrong city',
        1,
      ),
  );
  return p;
}

const ENV = { now: 1_764_700_200_000, browser: 'TestBrowser/1.0' };

describe('bug report', () => {
  it('holds none of the session’s secrets when redacted; the summary names the first error and the note', () => {
    const p = withSecrets();
    for (const redaction of ['strict', 'masked', 'lengths-hidden'] as const) {
      const out = buildBugReport(p.store, { redaction, notes: true }, ENV);
      expect(survivors(out.text, SECRETS)).toEqual([]);
      const file = JSON.parse(out.text) as { format: string; summary: string; session: { notes: unknown[] } };
      expect(file.format).toBe('agui-inspector-bug-report');
      expect(file.session.notes).toHaveLength(1);
      expect(out.summary).toContain('The tool answers with the wrong city');
      expect(out.summary).toContain('Browser: TestBrowser/1.0');
    }
    // Not redacted is the person's choice: the data is then there (the check above can fail).
    const plain = buildBugReport(p.store, { redaction: 'none', notes: true }, ENV);
    expect(survivors(plain.text, SECRETS).length).toBeGreaterThan(0);
    expect(survivors(plain.text, CREDENTIALS)).toEqual([]);
  });

  it('the summary’s first error is the session’s first error finding, with its rule and whether the client throws', () => {
    const p = renderPanel();
    panels.push(p);
    p.feed(
      relayEvents({ streamId: 's1', url: 'http://localhost/agent?token=SECRET-TOKEN-1' }, [
        { type: 'RUN_STARTED', threadId: 't1', runId: 'run-bad' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'ghost', delta: '{"card":"4111-SECRET"}' },
        { type: 'RUN_FINISHED', threadId: 't1', runId: 'run-bad' },
      ]),
    );
    const out = buildBugReport(p.store, { redaction: 'masked', notes: false }, ENV);
    expect(survivors(out.text, ['SECRET-TOKEN-1', '4111-SECRET'])).toEqual([]);
    const first = out.model.findings.find((f) => f.severity === 'error');
    if (!first) throw new Error('an ARGS for an unknown call is an error');
    const rule = p.store.core.rules.get(first.rule);
    expect(rule?.client).not.toBe('no');
    const section = out.summary.split('## First error')[1]?.split('## Notes')[0] ?? '';
    expect(section).toContain(`Rule: \`${first.rule}\``);
    expect(section).toContain(`throws: yes (${rule?.client})`);
    expect(section).toContain('run run-bad');
    expect(out.summary).toContain('| 1 | run-bad | t1 |');
    expect(out.summary.split('## Notes')[1]).toContain('No notes.');
  });

  it('Export bug report… from the Export menu: pick, export one file, copy the summary; the viewer reopens it at its note', async () => {
    const p = withSecrets();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:test';
    });
    const ui = within(p.el);
    fireEvent.click(ui.getByRole('button', { name: 'Export and copy' }));
    fireEvent.click(ui.getByRole('menuitem', { name: 'Export bug report…' }));
    const dialog = within(ui.getByRole('dialog', { name: 'Export bug report' }));
    // Strict is the default for a report: it is written to be sent to someone else.
    expect((dialog.getByRole('radio', { name: /^Strict/ }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('radio', { name: /lengths kept/ }) as HTMLInputElement).checked).toBe(false);
    expect(dialog.getByRole('checkbox', { name: 'Notes (1)' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Export bug report' }));
    // The export waits for the timeline to render and draws it first: slow on a busy machine.
    await waitFor(() => expect(blobs).toHaveLength(1), { timeout: 15_000 });
    const text = await (blobs[0] as Blob).text();
    expect(survivors(text, SECRETS)).toEqual([]);
    const session = (JSON.parse(text) as { session: { redaction: { strict?: boolean } } }).session;
    expect(session.redaction.strict).toBe(true);
    expect(dialog.getByLabelText('Bug report summary').textContent).toContain('# AG-UI bug report');
    expect(p.store.notice.value).toMatch(/^Exported bug report agui-bug-report-.*\.json/);
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (t: string) => (copied.push(t), Promise.resolve()) },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Copy summary' }));
    await waitFor(() => expect(p.store.notice.value).toBe('Copied bug report summary'));
    expect(copied[0]).toContain('The tool answers with the wrong city');
    expect(survivors(copied[0] ?? '', SECRETS)).toEqual([]);

    const viewer = renderPanel({ offline: true });
    panels.push(viewer);
    act(() => void importFile(viewer.store, 'report.json', new TextEncoder().encode(text)));
    expect(viewer.store.notice.value).toContain('as bug-report');
    const detail = within(viewer.el.querySelector('#agui-detail') as HTMLElement);
    expect(detail.getByRole('list', { name: 'Notes on this call' }).textContent).toContain(
      'The tool answers with the wrong city',
    );
  });

  it('the Export menu offers strict exports: ids and names become per-file pseudonyms, the findings stay', async () => {
    const p = renderPanel();
    panels.push(p);
    p.feed(
      relayEvents({ streamId: 's1', url: 'http://localhost/users/ann-lee/agent' }, [
        { type: 'RUN_STARTED', threadId: 'thread-of-ann', runId: 'run-ann-1' },
        { type: 'STEP_STARTED', stepName: 'lookup-ann' },
        { type: 'STEP_STARTED', stepName: 'lookup-ann' },
        { type: 'TOOL_CALL_START', toolCallId: 'call-ann', toolCallName: 'crm_ann' },
        { type: 'TOOL_CALL_END', toolCallId: 'call-ann' },
        { type: 'STATE_SNAPSHOT', snapshot: { 'ann@example.com': { plan: 'gold' } } },
        { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/ann@example.com/plan', value: 'x' }] },
        { type: 'RUN_FINISHED', threadId: 'thread-of-ann', runId: 'run-ann-1' },
      ]),
    );
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:test'));
    const ui = within(p.el);
    fireEvent.click(ui.getByRole('button', { name: 'Export and copy' }));
    fireEvent.click(ui.getByRole('menuitem', { name: /^Export session \(strict/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await (blobs[0] as Blob).text();
    expect(survivors(text, ['ann'])).toEqual([]);
    expect(JSON.parse(text)).toMatchObject({ redacted: true, redaction: { strict: true } });
    expect(p.store.lastExport.value?.name).toMatch(/-strict\.json$/);
    // The strict file re-imports with the same findings at the same events.
    const viewer = renderPanel({ offline: true });
    panels.push(viewer);
    act(() => void importFile(viewer.store, 'strict.json', new TextEncoder().encode(text)));
    const keys = (s: typeof p.store) =>
      s.capture.model.value.findings.map((f) => `${f.rule}#${f.events.join(',')}:${f.severity}`);
    expect(keys(p.store).length).toBeGreaterThan(0);
    expect(keys(viewer.store)).toEqual(keys(p.store));
  });

  it('Only the selected run: the run of the selected call, and the report then holds its streams only', async () => {
    const p = renderPanel();
    panels.push(p);
    const events = (runId: string) => [
      { type: 'RUN_STARTED', threadId: 't1', runId },
      { type: 'TOOL_CALL_START', toolCallId: `c-${runId}`, toolCallName: 'lookup' },
      { type: 'TOOL_CALL_END', toolCallId: `c-${runId}` },
      { type: 'RUN_FINISHED', threadId: 't1', runId },
    ];
    p.feed(relayEvents({ streamId: 's1' }, events('run-a')));
    p.feed(relayEvents({ streamId: 's2', t0: 1_764_700_001_000 }, events('run-b')));
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:test'));
    const ui = within(p.el);
    fireEvent.click(ui.getByRole('option', { name: /Tool call lookup c-run-b/ }));
    fireEvent.click(ui.getByRole('button', { name: 'Export and copy' }));
    fireEvent.click(ui.getByRole('menuitem', { name: 'Export bug report…' }));
    const dialog = within(ui.getByRole('dialog', { name: 'Export bug report' }));
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Only the selected run (run-b)' }));
    fireEvent.click(dialog.getByRole('checkbox', { name: /Picture of the timeline/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Export bug report' }));
    await waitFor(() => expect(blobs).toHaveLength(1), { timeout: 15_000 });
    const file = JSON.parse(await (blobs[0] as Blob).text()) as {
      session: { streams: unknown[] };
      timelinePng?: unknown;
    };
    expect(file.session.streams).toHaveLength(1);
    expect(file.timelinePng).toBeUndefined();
    // Strict by default: the summary is built from the file, where ids are pseudonyms.
    const table = dialog.getByLabelText('Bug report summary').textContent ?? '';
    expect(table).toMatch(/\| 1 \| run-\d+ \| thread-\d+ \|/);
    expect(table).not.toContain('run-b');
  });
});
