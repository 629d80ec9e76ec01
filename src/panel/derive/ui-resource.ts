// The MCP Apps UI resource a tool call's result brought (src/core/mcp-apps/ui-resource.ts):
// the "mcp-apps" activity @ag-ui/mcp-apps-middleware sends right after the call's
// TOOL_CALL_RESULT (its content names no call: the first such activity after this result and
// before any other result is the call's), with the resource's MIME type and size when the
// stream shows them: embedded in the result, or in a captured resources/read run of the host.
import type { RunModel, SessionModel, StreamModel, ToolCallModel } from '../../core/model/types.js';
import {
  asRecord,
  MCP_APPS_ACTIVITY_TYPE,
  mcpAppsActivity,
  proxiedResourceRead,
  readResourceContents,
} from '../core-deps.js';

export interface CallUiResource {
  readonly uri: string;
  readonly mimeType: string | undefined;
  readonly bytes: number | undefined;
  /** Where MIME type and size came from; undefined when the stream does not show the resource. */
  readonly from: 'embedded' | 'resources/read' | undefined;
  readonly serverId: string | undefined;
  readonly activityMessageId: string;
  readonly activityEvent: number;
}

function resourceRead(
  model: SessionModel,
  findStream: (id: string) => StreamModel | undefined,
  uri: string,
): ReturnType<typeof readResourceContents>[number] | undefined {
  for (const run of model.runs) {
    if (proxiedResourceRead(run.input?.raw) !== uri) continue;
    const last = findStream(run.streamId)?.rawEvents.at(run.lastEvent);
    if (last?.type !== 'RUN_FINISHED') continue;
    const hit = readResourceContents(asRecord(last.payload)?.['result']).find((c) => c.uri === uri);
    if (hit) return hit;
  }
  return undefined;
}

export function callUiResource(
  model: SessionModel,
  findStream: (id: string) => StreamModel | undefined,
  run: RunModel,
  call: ToolCallModel,
): CallUiResource | undefined {
  const result = call.results[0];
  if (result === undefined) return undefined;
  const laterResults = run.toolCalls
    .flatMap((c) => c.results.map((r) => r.event))
    .filter((e) => e > result.event)
    .sort((a, b) => a - b);
  const until = laterResults[0] ?? Infinity;
  const activity = run.activities.find(
    (a) => a.activityType === MCP_APPS_ACTIVITY_TYPE && a.startEvent > result.event && a.startEvent < until,
  );
  const parsed = activity ? mcpAppsActivity(activity.content) : undefined;
  if (!activity || !parsed) return undefined;
  const embedded = parsed.embedded.find((c) => c.uri === parsed.resourceUri);
  const read = embedded ? undefined : resourceRead(model, findStream, parsed.resourceUri);
  const found = embedded ?? read;
  return {
    uri: parsed.resourceUri,
    mimeType: found?.mimeType,
    bytes: found?.bytes,
    from: embedded ? 'embedded' : read ? 'resources/read' : undefined,
    serverId: parsed.serverId,
    activityMessageId: activity.messageId,
    activityEvent: activity.startEvent,
  };
}
