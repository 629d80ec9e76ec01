// MCP Apps (the MCP UI extension, io.modelcontextprotocol/ui) as @ag-ui/mcp-apps-middleware
// 0.1.x carries it through AG-UI: after a UI tool's TOOL_CALL_RESULT it sends an
// ACTIVITY_SNAPSHOT with activityType "mcp-apps" whose content is { result (the MCP
// CallToolResult), resourceUri, serverHash, serverId?, toolInput }. The host then reads the
// resource itself, in a run of its own whose forwardedProps.__proxiedMCPRequest is
// { method: "resources/read", params: { uri } } and whose RUN_FINISHED.result is the MCP
// ReadResourceResult ({ contents: [{ uri, mimeType, text | blob }] }). Pure readers of both.
import { isRecord, str } from '../json-value.js';
import { utf8Length } from '../stats/utf8-length.js';

export const MCP_APPS_ACTIVITY_TYPE = 'mcp-apps';

export interface McpAppsActivity {
  readonly resourceUri: string;
  readonly serverId: string | undefined;
  readonly serverHash: string | undefined;
  /** Resources the tool's result embeds (MCP `{ type: "resource", resource }` content). */
  readonly embedded: readonly UiResourceContent[];
}

export interface UiResourceContent {
  readonly uri: string;
  readonly mimeType: string | undefined;
  /** Bytes of the resource: UTF-8 of `text`, or what base64 `blob` decodes to. */
  readonly bytes: number | undefined;
}

function base64Bytes(b64: string): number {
  const clean = b64.replace(/\s/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - pad);
}

function contentOf(r: Readonly<Record<string, unknown>>): UiResourceContent | undefined {
  const uri = str(r['uri']);
  if (uri === undefined) return undefined;
  const text = str(r['text']);
  const blob = str(r['blob']);
  return {
    uri,
    mimeType: str(r['mimeType']),
    bytes: text !== undefined ? utf8Length(text) : blob !== undefined ? base64Bytes(blob) : undefined,
  };
}

/** The middleware's activity content, or undefined when it is not one. */
export function mcpAppsActivity(content: unknown): McpAppsActivity | undefined {
  if (!isRecord(content)) return undefined;
  const resourceUri = str(content['resourceUri']);
  if (resourceUri === undefined) return undefined;
  const result = content['result'];
  const parts = isRecord(result) && Array.isArray(result['content']) ? result['content'] : [];
  const embedded = parts.flatMap((p) =>
    isRecord(p) && p['type'] === 'resource' && isRecord(p['resource']) ? [contentOf(p['resource'])] : [],
  );
  return {
    resourceUri,
    serverId: str(content['serverId']),
    serverHash: str(content['serverHash']),
    embedded: embedded.filter((c): c is UiResourceContent => c !== undefined),
  };
}

/** The URI a host's proxied `resources/read` run asks for (its RunAgentInput), if it is one. */
export function proxiedResourceRead(input: unknown): string | undefined {
  if (!isRecord(input) || !isRecord(input['forwardedProps'])) return undefined;
  const request = input['forwardedProps']['__proxiedMCPRequest'];
  if (!isRecord(request) || request['method'] !== 'resources/read' || !isRecord(request['params'])) return undefined;
  return str(request['params']['uri']);
}

/** The contents of a ReadResourceResult (a proxied run's RUN_FINISHED.result). */
export function readResourceContents(result: unknown): UiResourceContent[] {
  if (!isRecord(result) || !Array.isArray(result['contents'])) return [];
  return result['contents'].flatMap((c) => {
    const made = isRecord(c) ? contentOf(c) : undefined;
    return made ? [made] : [];
  });
}
