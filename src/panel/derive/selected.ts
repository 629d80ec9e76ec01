// Resolve selection keys to model objects (cheap: runs are few, calls keyed).
import type { RunModel, ToolCallModel } from '../../core/model/types.js';
import type { PanelStore } from '../store/panel-store.js';

export function callInRun(run: RunModel, toolCallId: string): ToolCallModel | undefined {
  for (let i = run.toolCalls.length - 1; i >= 0; i--) {
    const c = run.toolCalls[i];
    if (c?.toolCallId === toolCallId) return c;
  }
  return undefined;
}

export function selectedCall(store: PanelStore): ToolCallModel | undefined {
  const ref = store.selection.call.value;
  if (!ref) return undefined;
  const run = store.findRun(ref.runKey);
  return run ? callInRun(run, ref.toolCallId) : undefined;
}
