// @vitest-environment happy-dom
// The real @ag-ui/mcp-apps-middleware 0.1.1 in front of a scripted agent that calls a UI tool:
// the MCP server is replaced by stubs of the middleware's two server calls (tool discovery,
// the tool call), so what reaches the panel is the middleware's own output: the tool's
// TOOL_CALL_RESULT, then an "mcp-apps" ACTIVITY_SNAPSHOT naming the UI resource.
import { MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware';
import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { fireEvent, within } from '@testing-library/preact';
import { from, lastValueFrom, toArray, type Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
});

const URI = 'ui://charts/sales.html';
const HTML = '<!doctype html><html><body>Sales — €</body></html>';

class CallsChartTool extends AbstractAgent {
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return from([
      { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId },
      { type: EventType.TOOL_CALL_START, toolCallId: 'call-chart', toolCallName: 'show_sales_chart' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-chart', delta: '{"quarter":"Q3"}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'call-chart' },
      { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId },
    ] as BaseEvent[]);
  }
}

async function middlewareEvents(embedded: boolean): Promise<BaseEvent[]> {
  const server = { type: 'http' as const, url: 'http://127.0.0.1:9/mcp', serverId: 'charts' };
  const middleware = new MCPAppsMiddleware({ mcpServers: [server] });
  // Its two calls to the MCP server, answered as a server with one UI tool would.
  Object.assign(middleware, {
    fetchUITools: async () => [
      {
        tool: { name: 'show_sales_chart', description: `Sales chart\n[UI Resource: ${URI}]`, parameters: {} },
        serverConfig: server,
        resourceUri: URI,
      },
    ],
    executeToolCall: async () => ({
      content: [
        { type: 'text', text: 'Q3 sales: 1.2M' },
        ...(embedded
          ? [{ type: 'resource', resource: { uri: URI, mimeType: 'text/html;profile=mcp-app', text: HTML } }]
          : []),
      ],
    }),
  });
  const input: RunAgentInput = {
    threadId: 'thread-mcp',
    runId: 'run-1',
    state: {},
    messages: [{ id: 'u1', role: 'user', content: 'Show Q3 sales' }],
    tools: [],
    context: [],
    forwardedProps: {},
  };
  return lastValueFrom(middleware.run(input, new CallsChartTool()).pipe(toArray()));
}

function openCall(events: readonly BaseEvent[], more: Parameters<RenderedPanel['feed']>[0] = []) {
  const p = renderPanel();
  panel = p;
  p.feed(relayEvents({ streamId: 's1' }, events));
  p.feed(more);
  fireEvent.click(within(p.el).getByRole('option', { name: /Tool call show_sales_chart/ }));
  const pane = within(p.el).getByRole('complementary', { name: 'Details' });
  return within(within(pane).getByLabelText('UI resource'));
}

describe('the MCP Apps UI resource in the call detail', () => {
  it('shows the URI, MIME type and size of a resource the result embeds, and its call', async () => {
    const events = await middlewareEvents(true);
    // The middleware's order, which pairing the activity with the call relies on.
    expect(events.map((e) => e.type).slice(-3)).toEqual(['TOOL_CALL_RESULT', 'ACTIVITY_SNAPSHOT', 'RUN_FINISHED']);
    const ui = openCall(events);
    expect(ui.getByText(URI)).toBeTruthy();
    expect(ui.getByText('text/html;profile=mcp-app')).toBeTruthy();
    // 48 ASCII characters, an em dash (3 bytes) and a euro sign (3 bytes): counted by hand.
    expect(ui.getByText(/^54 B \(embedded\)$/)).toBeTruthy();
    expect(ui.getByText(/show_sales_chart · call-chart · activity .+ · server charts/)).toBeTruthy();
  });

  it('takes MIME type and size from the host’s resources/read run, or says the stream lacks them', async () => {
    const events = await middlewareEvents(false);
    expect(openCall(events).getAllByText(/not in the stream/)).toHaveLength(2);
    panel?.unmount();
    const read = relayEvents(
      {
        streamId: 's2',
        requestBody: {
          threadId: 'r',
          runId: 'r',
          messages: [],
          tools: [],
          forwardedProps: { __proxiedMCPRequest: { serverHash: 'h', method: 'resources/read', params: { uri: URI } } },
        },
      },
      [
        { type: 'RUN_STARTED', threadId: 'r', runId: 'r' },
        {
          type: 'RUN_FINISHED',
          threadId: 'r',
          runId: 'r',
          result: { contents: [{ uri: URI, mimeType: 'text/html;profile=mcp-app', blob: 'PGh0bWw+PC9odG1sPg==' }] },
        },
      ],
    );
    const ui = openCall(events, read);
    expect(ui.getByText('text/html;profile=mcp-app')).toBeTruthy();
    // "<html></html>" is 13 bytes.
    expect(ui.getByText(/^13 B \(resources\/read\)$/)).toBeTruthy();
  });
});
