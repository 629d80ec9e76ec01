// Text and reasoning message transitions on one run, in place. A START for a closed id
// reopens it (content appends; the established role stands, as the draft and the
// reference reducer say); sequence violations leave the model unchanged for the rules.
import type { ExpandedEvent } from '../events/types.js';
import type { MessageModel } from '../model/types.js';
import { str } from './payload.js';
import { messageKey, type MMessage, type RunEntry } from './store.js';

type Kind = MessageModel['kind'];

function find(entry: RunEntry, kind: Kind, e: ExpandedEvent): MMessage | undefined {
  const id = str(e.payload, 'messageId');
  return id === undefined ? undefined : entry.messages.get(messageKey(kind, id));
}

export function messageStart(entry: RunEntry, e: ExpandedEvent, t: number, v: number, kind: Kind): void {
  const messageId = str(e.payload, 'messageId');
  if (messageId === undefined) return;
  const known = entry.messages.get(messageKey(kind, messageId));
  if (known !== undefined) {
    if (!known.open) {
      known.open = true;
      known.version = v;
    }
    return;
  }
  // Every key from the start, the end's undefined until END (see newRun in runs.ts).
  const message: MMessage = {
    version: v,
    messageId,
    kind,
    role: str(e.payload, 'role') ?? (kind === 'text' ? 'assistant' : 'reasoning'),
    owner: str(e.payload, 'subagentRunId'),
    startEvent: e.raw.index,
    startT: t,
    endEvent: undefined,
    endT: undefined,
    text: '',
    open: true,
  };
  entry.run.messages.push(message);
  entry.messages.set(messageKey(kind, messageId), message);
}

export function messageContent(entry: RunEntry, e: ExpandedEvent, v: number, kind: Kind): void {
  const m = find(entry, kind, e);
  const delta = str(e.payload, 'delta');
  if (m === undefined || delta === undefined || !m.open) return;
  m.text += delta;
  m.version = v;
}

export function messageEnd(entry: RunEntry, e: ExpandedEvent, t: number, v: number, kind: Kind): void {
  const m = find(entry, kind, e);
  if (m === undefined || !m.open) return;
  m.open = false;
  m.endEvent = e.raw.index;
  m.endT = t;
  m.version = v;
}
