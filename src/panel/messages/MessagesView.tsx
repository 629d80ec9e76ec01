import { useState } from 'preact/hooks';
import { useRevised } from '../hooks/use-revised.js';
import type { RunModel, ToolCallModel } from '../../core/model/types.js';
import { buildConversation, contentText, type ConversationItem } from '../derive/conversation.js';
import { runOutcome } from '../derive/format.js';
import type { PanelStore } from '../store/panel-store.js';
import { usePanel } from '../store-context.js';
import { ViewRoot } from '../widgets/ViewRoot.js';

const PAGE = 300;
const CLIP = 4000;

const clip = (s: string): string => (s.length > CLIP ? `${s.slice(0, CLIP)}… (${s.length - CLIP} more chars)` : s);

function showCall(store: PanelStore, run: RunModel, call: ToolCallModel): void {
  store.selection.view.value = 'timeline';
  store.selection.selectCall({ runKey: run.key, toolCallId: call.toolCallId });
}

function showRun(store: PanelStore, run: RunModel): void {
  store.selection.view.value = 'timeline';
  store.selection.focusRun.value = { runKey: run.key };
  store.selection.selectRun(run.key);
}

function Item({ item, run }: { readonly item: ConversationItem; readonly run: RunModel }) {
  const { store } = usePanel();
  const laneOf = (r: RunModel, c: ToolCallModel) => (
    <button
      type="button"
      class="link"
      onClick={() => showCall(store, r, c)}
      aria-label={`Show call ${c.toolCallId} in the timeline`}
    >
      lane
    </button>
  );
  switch (item.kind) {
    case 'input':
      return (
        <>
          <span class="msg-role">{item.role}</span>
          <span class="msg-text">{clip(item.text)}</span>
          <span
            class="dim"
            title={store.runLabels.value.of(run).title}
          >{`request of run ${store.runLabels.value.of(run).number}`}</span>
        </>
      );
    case 'text':
      return (
        <>
          <span class="msg-role">{item.reasoning ? `${item.role} (reasoning)` : item.role}</span>
          <span class="msg-text">{`${clip(item.text)}${item.open ? ' …' : ''}`}</span>
          <button
            type="button"
            class="link"
            onClick={() => showRun(store, run)}
            aria-label={`Show run ${run.runId} in the timeline`}
            title={store.runLabels.value.of(run).title}
          >{`streamed in run ${store.runLabels.value.of(run).number}`}</button>
        </>
      );
    case 'call':
      return (
        <>
          <span class="msg-role">tool call</span>
          <span class="msg-text mono">{clip(`${item.call.name}(${item.call.args}) · ${item.call.status}`)}</span>
          {laneOf(run, item.call)}
        </>
      );
    case 'result':
      return (
        <>
          <span class="msg-role">tool</span>
          <span class="msg-text">{clip(`result of ${item.call.name}: ${contentText(item.content)}`)}</span>
          {laneOf(run, item.call)}
        </>
      );
    case 'activity': {
      const a = item.activity;
      const deltas = a.marks.filter((m) => m.kind === 'delta').length;
      const failed = a.marks.filter((m) => m.effect === 'failed').length;
      const events = `${a.marks.length - deltas} snapshot${a.marks.length - deltas === 1 ? '' : 's'}, ${deltas} delta${deltas === 1 ? '' : 's'}${failed > 0 ? `, ${failed} failed` : ''}`;
      return (
        <>
          <span class="msg-role">activity</span>
          <span class="msg-text mono">{clip(`${a.activityType} · ${a.messageId} · ${contentText(a.content)}`)}</span>
          <button
            type="button"
            class="link"
            onClick={() => showRun(store, run)}
            aria-label={`Show activity ${a.messageId} in the timeline`}
          >
            {events}
          </button>
        </>
      );
    }
    case 'answer':
      return (
        <>
          <span class="msg-role">tool</span>
          <span class="msg-text">
            {clip(
              `answer to ${item.call.name} from the app (request of run ${store.runLabels.value.of(run).number}): ${contentText(item.content)}${item.error ? ` · error: ${item.error}` : ''}`,
            )}
          </span>
          {laneOf(item.callRun, item.call)}
        </>
      );
  }
}

/** The conversation per thread, run after run, as the client holds it; items link to their lanes. */
export function MessagesView() {
  return (
    <ViewRoot name="messages">
      <MessagesContent />
    </ViewRoot>
  );
}

function MessagesContent() {
  const { store } = usePanel();
  const model = store.capture.model.value;
  const only = store.selectedRun.value?.threadId;
  const [shown, setShown] = useState(PAGE);
  // Built only as far as shown (plus one entry, to know whether there is more): a long live
  // session re-derives a page per frame, not its whole history.
  const threads = useRevised(() => buildConversation(model, only, shown + 1), [model, model.version, only, shown]);
  const built = threads.reduce((n, t) => n + t.runs.reduce((m, r) => m + r.items.length + 1, 0), 0);
  const more = built > shown || threads.some((t) => t.runs.length < t.runCount);
  if (threads.length === 0)
    return (
      <div class="empty" role="status">
        No conversation yet: no runs.
      </div>
    );
  let budget = shown;
  return (
    <div class="messages-view" role="region" aria-label="Conversation">
      {threads.map((t) => (
        <section key={t.threadId} aria-label={`Thread ${t.threadId}`}>
          <h3>{`Thread ${t.threadId} · ${t.runCount} run${t.runCount === 1 ? '' : 's'}`}</h3>
          {t.runs.map(({ run, items }) => {
            if (budget <= 0) return null;
            budget -= 1 + items.length;
            const visible = budget < 0 ? items.slice(0, items.length + budget) : items;
            return (
              <div key={run.key} class="msg-run">
                <div class="msg-run-head">
                  <button
                    type="button"
                    class="link"
                    onClick={() => showRun(store, run)}
                  >{`After run ${store.runLabels.value.of(run).text}`}</button>
                  <span class="dim">{` — ${runOutcome(run)}${store.rejections.value.labelOf(run) ? ` · ${store.rejections.value.labelOf(run)}` : ''}`}</span>
                </div>
                <ol class="msg-list" aria-label={`Messages after run ${run.runId}`}>
                  {visible.map((item, i) => (
                    <li key={i} class={`msg msg-${item.kind}`}>
                      <Item item={item} run={run} />
                    </li>
                  ))}
                  {items.length === 0 && <li class="dim">Nothing new in this run.</li>}
                </ol>
              </div>
            );
          })}
        </section>
      ))}
      {more && (
        <button type="button" class="link" onClick={() => setShown(shown + PAGE * 10)}>
          show more
        </button>
      )}
    </div>
  );
}
