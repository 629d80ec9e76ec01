// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';

const XSS = '<img src=x onerror="window.__pwned=1">';
const JS_URL = 'javascript:window.__pwned=2';
const SSE = 'data: {"type":"RUN_FINISHED"}\n\n';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
});

describe('untrusted strings', () => {
  it('render as text: no element, no handler, the text shows verbatim', () => {
    const p = renderPanel();
    panel = p;
    p.feed(
      relayEvents({ streamId: 'x1', url: `http://localhost/${XSS}` }, [
        { type: 'RUN_STARTED', threadId: XSS, runId: JS_URL },
        { type: 'TOOL_CALL_START', toolCallId: XSS, toolCallName: XSS },
        { type: 'TOOL_CALL_ARGS', toolCallId: XSS, delta: JSON.stringify({ url: JS_URL, html: XSS }) },
        { type: 'TOOL_CALL_END', toolCallId: XSS },
        { type: 'TOOL_CALL_RESULT', messageId: 'm', toolCallId: XSS, role: 'tool', content: `${SSE}${XSS}` },
        { type: 'RUN_FINISHED', threadId: XSS, runId: JS_URL },
      ]),
    );
    fireEvent.click(within(p.el).getByRole('option', { name: /Tool call/ }));
    expect(p.el.querySelector('img')).toBeNull();
    expect(p.el.querySelector('a[href^="javascript:"]')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    const detail = p.el.querySelector('#agui-detail') as HTMLElement;
    expect(within(detail).getAllByText(XSS).length).toBeGreaterThan(0);
    expect(detail.textContent).toContain(JS_URL);
    expect(within(detail).getByLabelText('Result 1').textContent).toContain('data: {"type":"RUN_FINISHED"}');
  });
});

describe('untrusted strings in the run detail, State and Messages', () => {
  it('render as text there too', () => {
    const p = renderPanel();
    panel = p;
    const input = {
      threadId: 't',
      runId: 'r',
      messages: [{ id: 'u', role: XSS, content: XSS }],
      tools: [{ name: XSS, parameters: { [XSS]: JS_URL } }],
      state: { [XSS]: XSS },
    };
    p.feed(
      relayEvents({ streamId: 'x2', requestBody: input }, [
        { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
        { type: 'STATE_DELTA', delta: [{ op: 'add', path: `/${XSS}x`, value: XSS }] },
        {
          type: 'ACTIVITY_SNAPSHOT',
          messageId: 'a',
          activityType: 'a2ui-surface',
          content: {
            a2ui_operations: [
              { version: 'v0.9', createSurface: { surfaceId: XSS, catalogId: XSS } },
              { version: 'v0.9', updateComponents: { surfaceId: XSS, components: [{ id: 'root', component: XSS }] } },
            ],
          },
        },
        { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: XSS },
        { type: 'TEXT_MESSAGE_END', messageId: 'm' },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
      ]),
    );
    fireEvent.click(within(p.el).getByRole('option', { name: /Run r, thread t/ }));
    const texts: string[] = [p.el.querySelector('#agui-detail')?.textContent ?? ''];
    for (const tab of ['State', 'Surface', 'Messages']) {
      fireEvent.click(within(p.el).getByRole('tab', { name: tab }));
      texts.push(p.el.querySelector('#agui-view')?.textContent ?? '');
    }
    expect(p.el.querySelector('img')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    for (const t of texts) expect(t).toContain(XSS);
  });
});
