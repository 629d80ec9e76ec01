// Text and reasoning message transitions on one run. A START for a closed id reopens it
// (content appends; the established role stands, as the draft and the reference reducer
// say); sequence violations leave the model unchanged for the rules to report.
import type { ExpandedEvent } from '../events/types.js';
import { logAt } from '../model/log.js';
import type { MessageModel, RunModel } from '../model/types.js';
import { str } from './payload.js';
import { withRun, withText } from './records.js';
import { messageKey, messageLog } from './store.js';

type Kind = MessageModel['kind'];

function slotOf(run: RunModel, kind: Kind, e: ExpandedEvent): number {
  const id = str(e.payload, 'messageId');
  return id === undefined ? -1 : messageLog.find(run.messages, messageKey(kind, id));
}

function put(run: RunModel, slot: number, m: MessageModel): RunModel {
  return withRun(run, run.lastEvent, messageLog.set(run.messages, slot, m), run.toolCalls);
}

export function messageStart(run: RunModel, e: ExpandedEvent, t: number, kind: Kind): RunModel {
  const messageId = str(e.payload, 'messageId');
  if (messageId === undefined) return run;
  const slot = slotOf(run, kind, e);
  if (slot >= 0) {
    const prev = logAt(run.messages, slot) as MessageModel;
    return prev.open ? run : put(run, slot, { ...prev, open: true });
  }
  const owner = str(e.payload, 'subagentRunId');
  const message: MessageModel = {
    messageId,
    kind,
    role: str(e.payload, 'role') ?? (kind === 'text' ? 'assistant' : 'reasoning'),
    ...(owner !== undefined ? { owner } : {}),
    startEvent: e.raw.index,
    startT: t,
    text: '',
    open: true,
  };
  return withRun(run, run.lastEvent, messageLog.append(run.messages, message), run.toolCalls);
}

export function messageContent(run: RunModel, e: ExpandedEvent, kind: Kind): RunModel {
  const slot = slotOf(run, kind, e);
  const delta = str(e.payload, 'delta');
  if (slot < 0 || delta === undefined) return run;
  const prev = logAt(run.messages, slot) as MessageModel;
  return prev.open ? put(run, slot, withText(prev, prev.text + delta)) : run;
}

export function messageEnd(run: RunModel, e: ExpandedEvent, t: number, kind: Kind): RunModel {
  const slot = slotOf(run, kind, e);
  if (slot < 0) return run;
  const prev = logAt(run.messages, slot) as MessageModel;
  return prev.open ? put(run, slot, { ...prev, open: false, endEvent: e.raw.index, endT: t }) : run;
}
