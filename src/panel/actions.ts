// User actions that touch several sub-stores (jump to a finding, move through findings).
import type { RunModel, ToolCallModel } from '../core/model/types.js';
import type { Finding } from '../core/findings.js';
import type { PanelStore } from './store/panel-store.js';
import { findingInRun } from './derive/finding-index.js';

export function runOfFinding(store: PanelStore, f: Finding): RunModel | undefined {
  const runs = store.capture.model.peek().runs;
  for (let i = runs.length - 1; i >= 0; i--) {
    const r = runs[i];
    if (r && findingInRun(f, r)) return r;
  }
  return undefined;
}

/** Select the finding's call (when it has one) and main event. */
export function jumpToFinding(store: PanelStore, index: number): void {
  const f = store.capture.model.peek().findings[index];
  if (!f) return;
  const { selection } = store;
  selection.finding.value = index;
  const run = runOfFinding(store, f);
  const main = f.events[0];
  selection.event.value = main === undefined ? undefined : { streamId: f.streamId, index: main };
  if (run && f.toolCallId) selection.selectCall({ runKey: run.key, toolCallId: f.toolCallId });
  else {
    selection.call.value = undefined;
    selection.detail.value = main === undefined ? undefined : 'event';
  }
}

/** n / N: the next or previous visible finding after the current one, wrapping. */
export function stepFinding(store: PanelStore, dir: 1 | -1): void {
  const order = store.findings.peek().order;
  if (order.length === 0) return;
  const current = store.selection.finding.peek();
  let pos: number;
  if (current === undefined) pos = dir === 1 ? 0 : order.length - 1;
  else {
    const at = order.indexOf(current);
    if (at < 0) {
      const after = order.findIndex((i) => i > current);
      pos = dir === 1 ? (after < 0 ? 0 : after) : after < 0 ? order.length - 1 : after - 1;
    } else pos = (at + dir + order.length) % order.length;
  }
  const target = order[(pos + order.length) % order.length];
  if (target === undefined) return;
  jumpToFinding(store, target);
  // A finding on a run (no call) selects no lane: scroll its run header into view instead,
  // where its marker now shows selected.
  const f = store.capture.model.peek().findings[target];
  const run = f ? runOfFinding(store, f) : undefined;
  if (run && !f?.toolCallId) store.selection.focusRun.value = { runKey: run.key };
}

/** Show the run whose tool message answered a frontend call (lane button and call detail). */
export function revealAnswer(store: PanelStore, call: ToolCallModel): void {
  const answer = call.answer;
  if (!answer) return;
  // The answering run may be hidden by the run selector: widen it, then reveal.
  if (store.selection.runFilter.peek() !== undefined) store.selection.runFilter.value = undefined;
  store.selection.view.value = 'timeline';
  store.selection.focusRun.value = { runKey: answer.runKey };
  const runId = store.findRun(answer.runKey)?.runId ?? answer.runKey;
  store.notice.value = `Answered in run ${runId}${answer.error ? ` with error: ${answer.error}` : ''}`;
}
