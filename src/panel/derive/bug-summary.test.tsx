// @vitest-environment happy-dom
// The bug report's summary tells the story of a support session: the customer's file, the
// run replayed from it and how the app's request differed, the page (not the agent), HAR
// runs sized in events, and which run a note on a call belongs to.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import type { ReplayPanelMessage } from '../../bridge/replay-messages.js';
import { buildBugReport } from '../io/bug-report-actions.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents, relayStream, sampleRunEvents, sseFrame } from '../test-kit.js';
import { importFile } from '../io/import-actions.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
});

const RECORDED_URL = 'https://customer.example/api/agent';
const RECORDED_INPUT = { messages: [{ id: 'u1', role: 'user', content: 'hi' }], tools: [] };

function har(runId: string): Uint8Array {
  const text = sampleRunEvents(runId).map(sseFrame).join('');
  const entry = {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: {
      method: 'POST',
      url: RECORDED_URL,
      headers: [],
      postData: { mimeType: 'application/json', text: JSON.stringify(RECORDED_INPUT) },
    },
    response: {
      status: 200,
      headers: [{ name: 'Content-Type', value: 'text/event-stream' }],
      content: { size: text.length, mimeType: 'text/event-stream', text },
    },
  };
  return new TextEncoder().encode(
    JSON.stringify({ log: { version: '1.2', creator: { name: 't' }, entries: [entry] } }),
  );
}

const ENV = { now: 1_764_700_200_000, browser: 'TestBrowser/1.0' };
const section = (summary: string, name: string): string => summary.split(`## ${name}`)[1]?.split('\n## ')[0] ?? '';

describe('the bug report summary', () => {
  it('a HAR alone: the page is unknown (not the agent URL), runs are sized in events, a call note names its run', () => {
    panel = renderPanel({ offline: true });
    const p = panel;
    act(() => void importFile(p.store, 'customer.har', har('run-cust-1')));
    const run = p.store.capture.model.value.runs[0];
    const call = run?.toolCalls[0];
    if (!run || !call) throw new Error('fixture changed');
    act(
      () =>
        void p.store.notes.add(
          { kind: 'call', streamId: run.streamId, run: run.ordinal, toolCallId: call.toolCallId },
          'wrong tool',
          1,
        ),
    );
    const { summary } = buildBugReport(p.store, { redaction: 'none', notes: true }, ENV);
    expect(summary).toContain('- Page: (unknown');
    expect(summary).not.toMatch(/- Page: https/);
    expect(summary).toContain(`- Agent endpoint: ${RECORDED_URL}`);
    const runs = section(summary, 'Runs');
    expect(runs).not.toContain('0.00 ms');
    expect(runs).toContain(`| ${sampleRunEvents('x').length} events (no timing) |`);
    expect(section(summary, 'Replayed runs')).toContain('No run was replayed.');
    // Named as the panel names runs: number, time, thread, run id.
    expect(section(summary, 'Notes')).toMatch(
      /in run \\#1 · \d\d:\d\d:\d\d · thread thread-1 · run …?[\w-]*cust-1: wrong tool/,
    );
  });

  it('a run replayed from the file: from what, recorded where, and what diverged; the page is the document', () => {
    panel = renderPanel();
    const p = panel;
    act(() => void importFile(p.store, 'replay-source.har', har('run-cust-1')));
    fireEvent.click(within(p.el).getByRole('button', { name: 'Replay into page' }));
    const arm = p.transport.sent
      .filter((x): x is Extract<ReplayPanelMessage, { kind: 'replay-arm' }> => x.kind === 'replay-arm')
      .at(-1);
    if (!arm) throw new Error('not armed');
    // The app sends another conversation than the recorded one: one more user message.
    const appInput = {
      messages: [...RECORDED_INPUT.messages, { id: 'u2', role: 'user', content: 'again' }],
      tools: [],
    };
    p.feed(
      relayEvents(
        {
          streamId: 'replayed-1',
          url: 'http://localhost:5173/api/agent',
          requestBody: appInput,
          replayed: { source: arm.runs[0]?.source ?? '', armId: arm.armId, index: 0, recordedUrl: RECORDED_URL },
        },
        sampleRunEvents('app-run'),
      ),
    );
    for (const redaction of ['none', 'masked'] as const) {
      const { summary } = buildBugReport(p.store, { redaction, notes: false }, ENV);
      // The document the relay reported, not the agent.
      expect(summary).toContain('- Page: http://localhost/');
      expect(summary).toContain('(1 replayed)');
      // Delivered with timing (one event per chunk here): sized in time.
      expect(section(summary, 'Runs')).toMatch(/\| app-run \(replayed\) \|[^\n]*\| [\d.]+ (ms|s) \|/);
      // The replayed run is named by its label, whose number is its row in the Runs table.
      const row = /\| (\d+) \| app-run \(replayed\) \|/.exec(section(summary, 'Runs'))?.[1];
      expect(row).toBeDefined();
      const replayed = section(summary, 'Replayed runs');
      expect(replayed).toMatch(
        new RegExp(
          `run \\\\#${row} · \\d\\d:\\d\\d:\\d\\d · thread thread-1 · run app-run: replayed from replay-source\\.har · run-cust-1`,
        ),
      );
      expect(replayed).toContain(`recorded at ${RECORDED_URL}`);
      expect(replayed).toContain('1 divergence(s) from the recorded request: `/messages/1` extra user message');
      // The values differ in the session, never in the summary.
      expect(replayed).not.toContain('again');
    }
  });

  it('a live response that came in one chunk is sized in events, not "0.00 ms"', () => {
    panel = renderPanel();
    const p = panel;
    const events = sampleRunEvents('one-chunk');
    p.feed(relayStream({ streamId: 's1' }, [events.map(sseFrame).join('')]));
    const { summary } = buildBugReport(p.store, { redaction: 'none', notes: false }, ENV);
    expect(section(summary, 'Runs')).toContain(`| ${events.length} events (in one chunk) |`);
    expect(summary).not.toContain('0.00 ms');
  });
});
