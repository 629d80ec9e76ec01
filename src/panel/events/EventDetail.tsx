import type { EventRef } from '../store/selection-store.js';
import { formatMs } from '../derive/format.js';
import { hexDump, sliceStreamBytes, visibleText } from '../derive/raw-bytes.js';
import { usePanel } from '../store-context.js';
import { JsonTree } from '../widgets/JsonTree.js';
import { LargeText } from '../widgets/LargeText.js';
import { TargetNotes } from '../notes/TargetNotes.js';
import { findingTarget } from '../derive/note-target.js';

/** One event: where it sits, its decode problems, payload tree and its raw bytes. */
export function EventDetail({ at }: { readonly at: EventRef }) {
  const { store } = usePanel();
  const stream = store.findStream(at.streamId);
  if (!stream) return <div class="empty">The event is no longer in the session.</div>;
  const expanded = at.expanded ? stream.expanded.at(at.index) : undefined;
  const raw = expanded ? expanded.raw : stream.rawEvents.at(at.index);
  if (!raw) return <div class="empty">The event is no longer in the session.</div>;
  const run = store.findRunAt(stream.info.streamId, raw.index);
  // The finding jumped to (Findings view, n / N) when this is its main event: notes go on it too.
  const fi = store.selection.finding.value;
  const f = fi === undefined ? undefined : store.capture.model.value.findings[fi];
  const finding = f && f.streamId === stream.info.streamId && f.events[0] === raw.index ? findingTarget(f) : undefined;
  const enc = stream.info.encoding;
  const sliced = enc === 'sse' || enc === 'proto' ? sliceStreamBytes(stream, raw.span) : undefined;
  return (
    <section aria-label={`Event ${raw.index}`}>
      <h2>
        <span class="mono">{expanded ? expanded.type : raw.type || '(undecodable)'}</span>
        <span class="dim">{`#${raw.index}`}</span>
      </h2>
      <TargetNotes target={{ kind: 'event', streamId: stream.info.streamId, event: raw.index }} what="event" />
      {finding && <TargetNotes target={finding} what="finding" />}
      <dl class="kv">
        <dt>stream</dt>
        <dd class="mono">{`${stream.info.method} ${stream.info.url}`}</dd>
        <dt>time</dt>
        <dd>{`+${formatMs(raw.t - (run?.startedAt ?? stream.info.startedAt))} since ${run ? 'run' : 'stream'} start`}</dd>
        {sliced !== undefined ? (
          <>
            <dt>bytes</dt>
            <dd class="mono">{`${raw.span.start}–${raw.span.end}`}</dd>
          </>
        ) : (
          // EventSource messages and imported events have no byte form: their place is their order.
          <>
            <dt>{enc === 'eventsource' ? 'message' : 'entry'}</dt>
            <dd class="mono">{`#${raw.span.start} of the ${enc === 'eventsource' ? 'EventSource messages' : 'imported events'}`}</dd>
          </>
        )}
        {raw.sseEvent !== undefined && (
          <>
            <dt>SSE event</dt>
            <dd class="mono">{raw.sseEvent}</dd>
          </>
        )}
        {raw.sseId !== undefined && (
          <>
            <dt>SSE id</dt>
            <dd class="mono">{raw.sseId}</dd>
          </>
        )}
        {expanded?.synthesized && (
          <>
            <dt>synthesized</dt>
            <dd>{`${expanded.synthesized}${expanded.closedBy ? ` (closed by event #${expanded.closedBy.index})` : ''}`}</dd>
          </>
        )}
      </dl>
      {raw.problems.length > 0 && (
        <>
          <h3>Problems</h3>
          <ul class="section sev-error">
            {raw.problems.map((p, i) => (
              <li key={i}>{`${p.kind}: ${p.message}`}</li>
            ))}
          </ul>
        </>
      )}
      <h3>Payload</h3>
      <JsonTree value={expanded ? expanded.payload : raw.payload} label="Event payload" open={2} />
      <h3>{enc === 'proto' ? 'Raw bytes (protobuf, hex)' : 'Raw bytes'}</h3>
      {sliced ? (
        <LargeText
          text={enc === 'proto' ? hexDump(sliced.bytes) : visibleText(sliced.bytes)}
          name={`event-${raw.index}.${enc === 'proto' ? 'hex.txt' : 'sse.txt'}`}
          label="Raw event bytes"
        />
      ) : (
        <div class="section dim">
          {enc === 'eventsource'
            ? 'Delivered already framed by EventSource: no byte form.'
            : 'Imported as decoded events: no byte form.'}
        </div>
      )}
      {sliced?.truncated && <div class="section dim">Showing the first 256 kB.</div>}
    </section>
  );
}
