// Tools that AG-UI middlewares and CopilotKit's runtime add on the server side: the client
// never advertises them, so a call to one is expected, not an unknown tool. Each entry names
// the package that injects or emits it. MCP Apps tools are not listed: the MCP Apps
// middleware (@ag-ui/mcp-apps-middleware) forwards each MCP server's own tool names.

export interface MiddlewareTool {
  readonly name: string;
  /** The npm package that adds the tool. */
  readonly source: string;
  readonly role: string;
}

export const MIDDLEWARE_TOOLS: readonly MiddlewareTool[] = [
  {
    name: 'render_a2ui',
    source: '@ag-ui/a2ui-middleware',
    role: 'renders an A2UI surface (injectA2UITool; the name may be changed with a2uiToolNames)',
  },
  {
    name: 'log_a2ui_event',
    source: '@ag-ui/a2ui-middleware',
    role: 'records a user action on an A2UI surface in the conversation history',
  },
  {
    name: 'send_a2ui_json_to_client',
    source: 'A2UI agent SDK',
    role: 'sends A2UI messages to the client from an ADK agent',
  },
  {
    name: 'AGUISendStateSnapshot',
    source: '@copilotkit/runtime',
    role: 'lets the model replace the agent state (becomes STATE_SNAPSHOT)',
  },
  {
    name: 'AGUISendStateDelta',
    source: '@copilotkit/runtime',
    role: 'lets the model patch the agent state (becomes STATE_DELTA)',
  },
];

const BY_NAME: ReadonlyMap<string, MiddlewareTool> = new Map(MIDDLEWARE_TOOLS.map((t) => [t.name, t]));

/** The middleware that adds a tool of this name, when it is one of the known ones. */
export function middlewareTool(name: string): MiddlewareTool | undefined {
  return BY_NAME.get(name);
}
