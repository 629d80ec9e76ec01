// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents, relayStream, sampleRunEvents, sseFrame } from '../test-kit.js';
import { importFile } from '../io/import-actions.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
});

const input = {
  threadId: 'thread-1',
  runId: 'run-ok',
  messages: [{ id: 'u1', role: 'user', content: 'Weather in Oslo?' }],
  tools: [
    {
      name: 'get_weather',
      description: 'Weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    },
  ],
  state: { units: 'metric' },
  context: [{ description: 'locale', value: 'nb-NO' }],
  forwardedProps: { plan: 'pro' },
};

const clean = [
  { type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-ok' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  { type: 'RUN_FINISHED', threadId: 'thread-1', runId: 'run-ok' },
];
// ARGS for a call that was never started: the official client throws.
const broken = [
  { type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-bad' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'ghost', delta: '{}' },
  { type: 'RUN_FINISHED', threadId: 'thread-1', runId: 'run-bad' },
];

function twoRuns(): RenderedPanel {
  panel = renderPanel();
  panel.feed(relayEvents({ streamId: 's1', url: 'http://localhost/agent/ok', requestBody: input }, clean));
  panel.feed(
    relayEvents({ streamId: 's2', t0: 1_764_700_001_000, requestBody: { ...input, runId: 'run-bad' } }, broken),
  );
  return panel;
}

const detail = (p: RenderedPanel) => within(p.el.querySelector('#agui-detail') as HTMLElement);

describe('run detail', () => {
  it('opens from the run header with the request, its input as trees, duration and outcome', () => {
    const p = twoRuns();
    fireEvent.click(within(p.el).getByRole('option', { name: /Run run-ok, thread thread-1/ }));
    const d = detail(p);
    expect(d.getByRole('heading', { name: /Run run-ok/ })).toBeTruthy();
    expect(d.getByText('POST')).toBeTruthy();
    expect(d.getByText('http://localhost/agent/ok')).toBeTruthy();
    expect(d.getByText('200')).toBeTruthy();
    expect(d.getByText('content-type')).toBeTruthy();
    expect(d.getByText('success')).toBeTruthy();
    // One chunk per event, 10 ms apart: RUN_STARTED to RUN_FINISHED.
    expect(d.getByText(`${(clean.length - 1) * 10} ms`)).toBeTruthy();
    expect(d.getByRole('tree', { name: 'Run input messages' }).textContent).toContain('"Weather in Oslo?"');
    expect(d.getByRole('tree', { name: 'Run input tools' }).textContent).toContain('get_weather');
    expect(d.getByRole('tree', { name: 'Run input state' }).textContent).toContain('"metric"');
    expect(d.getByRole('tree', { name: 'Run input context' }).textContent).toContain('"nb-NO"');
    expect(d.getByRole('tree', { name: 'Run input forwardedProps' }).textContent).toContain('"pro"');
    expect(d.queryByText(/rejected by the official client/)).toBeNull();
    expect(p.store.selection.detail.value).toBe('run');
  });

  it('says the official client rejects a run with a client-fatal finding, in the detail, the lane header and the run selector', () => {
    const p = twoRuns();
    const header = within(p.el).getByRole('option', { name: /Run run-bad/ });
    expect(header.textContent).toContain('success · rejected by the official client (1.0)');
    expect(within(p.el).getByRole('option', { name: /Run run-ok/ }).textContent).not.toContain('rejected');
    fireEvent.click(header);
    const d = detail(p);
    expect(d.getByText('success')).toBeTruthy();
    expect(d.getByText(/· rejected by the official client \(1\.0\)/)).toBeTruthy();
    expect(d.getByRole('heading', { name: /Why a client rejects it \(1\)/ })).toBeTruthy();
    // The draft's next client rejects wherever 1.0 does: both marks.
    expect(d.getByText(/· rejected by the next client \(draft\)/)).toBeTruthy();
    expect(d.getAllByText(/tool-call\/args-not-open/).length).toBeGreaterThan(0);
    const selector = within(p.el).getByRole('combobox', { name: 'Run' });
    const options = within(selector)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContainEqual(
      expect.stringMatching(
        /^#\d · \d\d:\d\d:\d\d · thread thread-1 · run run-bad \(success · rejected by the official client \(1\.0\)\)$/,
      ),
    );
    expect(options).toContainEqual(
      expect.stringMatching(/^#\d · \d\d:\d\d:\d\d · thread thread-1 · run run-ok \(success\)$/),
    );
  });

  it('shows the next mark alone for a run only the draft client rejects (a body that stops)', () => {
    const p = (panel = renderPanel());
    p.feed(relayEvents({ streamId: 's1', requestBody: input }, clean.slice(0, -1)));
    const header = within(p.el).getByRole('option', { name: /Run run-ok/ });
    expect(header.textContent).toContain('rejected by the next client (draft)');
    expect(header.textContent).not.toContain('official client');
    fireEvent.click(header);
    const d = detail(p);
    expect(d.getByText(/· rejected by the next client \(draft\)/)).toBeTruthy();
    expect(d.queryByText(/rejected by the official client/)).toBeNull();
    expect(d.getByRole('heading', { name: /Why a client rejects it \(1\)/ })).toBeTruthy();
    expect(d.getAllByText(/run\/truncated/).length).toBeGreaterThan(0);
  });

  it('says a run whose events carry no timing has none, instead of 0 ms', () => {
    const p = (panel = renderPanel());
    // The whole body in one piece, as a HAR keeps it: every event has the same time.
    const body = clean.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    p.feed(relayStream({ streamId: 's1', requestBody: input }, [body]));
    fireEvent.click(within(p.el).getByRole('option', { name: /Run run-ok, thread thread-1/ }));
    const duration = detail(p).getByText('duration').nextElementSibling?.textContent ?? '';
    expect(duration).toBe(
      `${clean.length} events, no per-event timing (the body was recorded or arrived as one piece)`,
    );
  });

  it('shows an imported HAR run its time to headers, from the entry timings, and says the rest cannot tell', () => {
    const p = (panel = renderPanel({ offline: true }));
    const har = {
      log: {
        version: '1.2',
        entries: [
          {
            startedDateTime: '2026-12-06T10:00:00.000Z',
            time: 400,
            request: { method: 'POST', url: 'http://localhost/agent', headers: [] },
            response: {
              status: 200,
              headers: [],
              content: { mimeType: 'text/event-stream', text: sampleRunEvents('run-har').map(sseFrame).join('') },
            },
            // Playwright writes -1 for what did not apply; ssl is inside connect.
            timings: { blocked: -1, dns: 4, connect: 10, ssl: 6, send: 1, wait: 125, receive: 260 },
          },
        ],
      },
    };
    act(() => {
      importFile(p.store, 'recorded.har', new TextEncoder().encode(JSON.stringify(har)));
    });
    fireEvent.click(within(p.el).getByRole('option', { name: /Run run-har/ }));
    const d = detail(p);
    const timing = d.getByLabelText('Run timing');
    expect(timing.textContent).toBe('to headers140 ms');
    expect(d.getByText(/the time to headers is from its timings; the rest it cannot tell/)).toBeTruthy();
  });

  it('Escape closes it', () => {
    const p = twoRuns();
    fireEvent.click(within(p.el).getByRole('option', { name: /Run run-ok/ }));
    fireEvent.keyDown(p.el.querySelector('.agui-root') as HTMLElement, { key: 'Escape' });
    expect(p.el.querySelector('#agui-detail')).toBeNull();
  });
});

describe('run detail from a call', () => {
  it('opens from the run link in the call detail', () => {
    const p = renderPanel();
    panel = p;
    p.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    fireEvent.click(within(p.el).getByRole('option', { name: /Tool call search_web/ }));
    fireEvent.click(detail(p).getByRole('button', { name: 'Show run run-1 in the detail pane' }));
    expect(detail(p).getByRole('heading', { name: /Run run-1/ })).toBeTruthy();
  });
});

describe('a replayed run', () => {
  it('says replayed (source) in the run detail and the run selector, and nothing on other runs', () => {
    const p = renderPanel();
    panel = p;
    p.feed(relayEvents({ streamId: 's1', requestBody: input }, clean));
    p.feed(
      relayEvents(
        {
          streamId: 's2',
          t0: 1_764_700_001_000,
          requestBody: { ...input, runId: 'run-bad' },
          replayed: { source: 'customer.har #2', armId: 'a1', index: 0 },
        },
        broken,
      ),
    );
    const selector = within(p.el).getByRole('combobox', { name: 'Run' });
    const options = within(selector)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContainEqual(
      expect.stringMatching(
        /· run run-bad \(success · rejected by the official client \(1\.0\) · replayed \(customer\.har #2\)\)$/,
      ),
    );
    expect(options).toContainEqual(
      expect.stringMatching(/^#\d · \d\d:\d\d:\d\d · thread thread-1 · run run-ok \(success\)$/),
    );
    fireEvent.click(within(p.el).getByRole('option', { name: /Run run-bad/ }));
    expect(detail(p).getByText('replayed (customer.har #2): a replay inside the page, not the network')).toBeTruthy();
    fireEvent.click(within(p.el).getByRole('option', { name: /Run run-ok/ }));
    expect(detail(p).queryByText(/replayed/)).toBeNull();
  });
});

describe('run detail: interrupts, usage, metadata, encrypted values', () => {
  const interrupted = [
    { type: 'RUN_STARTED', threadId: 'thread-i', runId: 'run-ask' },
    { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant', metadata: { model: 'a', lang: 'en' } },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Deleting?', metadata: { model: 'b' } },
    { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
    {
      type: 'REASONING_ENCRYPTED_VALUE',
      subtype: 'message',
      entityId: 'm1',
      encryptedValue: 'xyz',
      encryptedValueType: 'anthropic/redacted_thinking',
    },
    {
      type: 'RUN_FINISHED',
      threadId: 'thread-i',
      runId: 'run-ask',
      outcome: {
        type: 'interrupt',
        interrupts: [
          { id: 'approve-1', reason: 'tool_approval', message: 'Delete the file?' },
          { id: 'ask-2', reason: 'input_required' },
        ],
      },
      usage: [{ model: 'gpt-x', inputTokens: 12, outputTokens: 34, totalTokens: 46 }],
    },
  ];
  const resumed = [
    { type: 'RUN_STARTED', threadId: 'thread-i', runId: 'run-resume' },
    { type: 'RUN_FINISHED', threadId: 'thread-i', runId: 'run-resume' },
  ];
  const body = (runId: string, resume?: unknown[]) => ({
    ...input,
    threadId: 'thread-i',
    runId,
    ...(resume ? { resume } : {}),
  });

  function open(p: RenderedPanel, runId: string) {
    fireEvent.click(within(p.el).getByRole('option', { name: new RegExp(`Run ${runId}`) }));
    return detail(p);
  }

  it('shows each interrupt awaiting an answer, the token usage, merged metadata and the encrypted value type', () => {
    const p = (panel = renderPanel());
    p.feed(relayEvents({ streamId: 'i1', requestBody: body('run-ask') }, interrupted));
    const d = open(p, 'run-ask');
    const interrupts = within(d.getByLabelText('Interrupts'));
    expect(interrupts.getByText('approve-1')).toBeTruthy();
    expect(interrupts.getByText(/tool_approval — Delete the file\?/)).toBeTruthy();
    expect(interrupts.getAllByText(/awaiting an answer/)).toHaveLength(2);
    expect(d.getByRole('heading', { name: 'Token usage (1)' })).toBeTruthy();
    expect(d.getByRole('tree', { name: 'Token usage' }).textContent).toContain('46');
    // Last write wins per key: model from the CONTENT, lang from the START.
    const meta = d.getByRole('tree', { name: 'Metadata of message m1' }).textContent ?? '';
    expect(meta).toContain('"b"');
    expect(meta).not.toContain('"a"');
    expect(meta).toContain('"en"');
    expect(within(d.getByLabelText('Encrypted values')).getByText('anthropic/redacted_thinking')).toBeTruthy();
  });

  it("says how the next request's resume entries answered each interrupt", () => {
    const p = (panel = renderPanel());
    p.feed(relayEvents({ streamId: 'i1', requestBody: body('run-ask') }, interrupted));
    p.feed(
      relayEvents(
        {
          streamId: 'i2',
          t0: 1_764_700_001_000,
          requestBody: body('run-resume', [
            { interruptId: 'approve-1', status: 'resolved', payload: { approved: true } },
            { interruptId: 'ghost', status: 'cancelled' },
          ]),
        },
        resumed,
      ),
    );
    const d = open(p, 'run-ask');
    const interrupts = within(d.getByLabelText('Interrupts'));
    expect(interrupts.getByText(/answered \(resolved\) in run run-resume/)).toBeTruthy();
    expect(interrupts.getByText(/not answered by run run-resume/)).toBeTruthy();
    expect(d.getByText(/also answers ghost, which this run did not ask/)).toBeTruthy();
  });
});

describe('run payload', () => {
  it('weighs the run: bytes by kind beside their share, and a snapshot beside what changed', () => {
    const p = renderPanel();
    panel = p;
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'STATE_SNAPSHOT', snapshot: { a: 1, b: 'x' } },
      { type: 'STATE_SNAPSHOT', snapshot: { a: 2, b: 'x' } },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    p.feed(relayEvents({ streamId: 's1' }, events));
    fireEvent.click(within(p.el).getByRole('option', { name: /Run r,/ }));
    // Each SSE frame is "data: " + the JSON + a blank line.
    const frame = (e: object) => `data: ${JSON.stringify(e)}\n\n`.length;
    const snapshots = frame(events[1]!) + frame(events[2]!);
    const total = events.reduce((n, e) => n + frame(e), 0);
    expect(detail(p).getByRole('heading', { name: `Payload (${total} bytes, request 0 bytes)` })).toBeTruthy();
    const byKind = detail(p).getByLabelText('Payload by kind').textContent ?? '';
    expect(byKind).toContain(`stateSnapshots${snapshots} bytes · ${((snapshots / total) * 100).toFixed(1)} %`);
    const snaps = detail(p).getByLabelText('State snapshots').textContent ?? '';
    // The second snapshot changes /a only: one replace operation.
    const patch = JSON.stringify([{ op: 'replace', path: '/a', value: 2 }]).length;
    expect(snaps).toContain(`STATE_SNAPSHOT #1${JSON.stringify({ a: 1, b: 'x' }).length} bytes · no state before it`);
    expect(snaps).toContain(`STATE_SNAPSHOT #2${JSON.stringify({ a: 2, b: 'x' }).length} bytes · ${patch} changed`);
  });
});

describe('run detail: calls a RUN_ERROR names', () => {
  const failed = [
    { type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-err' },
    { type: 'TOOL_CALL_START', toolCallId: 'call_a1', toolCallName: 'lookup_order' },
    { type: 'TOOL_CALL_END', toolCallId: 'call_a1' },
    { type: 'TOOL_CALL_START', toolCallId: 'call_b2', toolCallName: 'refund' },
    { type: 'TOOL_CALL_END', toolCallId: 'call_b2' },
    { type: 'RUN_ERROR', message: 'Tool refund (call_b2) raised: upstream 502' },
  ];

  it('shows each named call as a button that selects its lane; other calls are not listed', () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1', requestBody: { ...input, runId: 'run-err' } }, failed));
    fireEvent.click(within(panel.el).getByRole('option', { name: /Run run-err/ }));
    const d = detail(panel);
    const button = d.getByRole('button', { name: 'Show call call_b2, named by RUN_ERROR, in the timeline' });
    expect(d.queryByRole('button', { name: /Show call call_a1, named by RUN_ERROR/ })).toBeNull();
    fireEvent.click(button);
    expect(panel.store.selection.call.value).toEqual({ runKey: 's1#0', toolCallId: 'call_b2' });
    expect(panel.store.selection.detail.value).toBe('call');
    expect(panel.store.selection.view.value).toBe('timeline');
  });

  it('has no such row for an error that names no call', () => {
    panel = renderPanel();
    panel.feed(
      relayEvents({ streamId: 's1', requestBody: { ...input, runId: 'run-err' } }, [
        ...failed.slice(0, -1),
        { type: 'RUN_ERROR', message: 'model overloaded' },
      ]),
    );
    fireEvent.click(within(panel.el).getByRole('option', { name: /Run run-err/ }));
    expect(detail(panel).queryByText('RUN_ERROR names')).toBeNull();
  });
});
