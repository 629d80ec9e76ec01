import type { RunModel, ToolCallModel } from '../../core/model/types.js';
import { formatBytes } from '../derive/format.js';
import { callUiResource } from '../derive/ui-resource.js';
import { usePanel } from '../store-context.js';

/** The MCP Apps UI resource the call's result brought: URI, MIME type, size, server. */
export function UiResourceView({ run, call }: { readonly run: RunModel; readonly call: ToolCallModel }) {
  const { store } = usePanel();
  const found = callUiResource(store.capture.model.value, (id) => store.findStream(id), run, call);
  if (!found) return null;
  const unseen = 'not in the stream (the host reads it with resources/read)';
  return (
    <>
      <h3>UI resource (MCP Apps)</h3>
      <dl class="kv untrusted" aria-label="UI resource">
        <dt>URI</dt>
        <dd class="mono">{found.uri}</dd>
        <dt>MIME type</dt>
        <dd class="mono">{found.mimeType ?? (found.from ? 'not given' : unseen)}</dd>
        <dt>Size</dt>
        <dd>{found.bytes !== undefined ? `${formatBytes(found.bytes)} (${found.from})` : unseen}</dd>
        <dt>Tool call</dt>
        <dd>{`${call.name} · ${call.toolCallId} · activity ${found.activityMessageId} · event #${found.activityEvent}${found.serverId ? ` · server ${found.serverId}` : ''}`}</dd>
      </dl>
    </>
  );
}
