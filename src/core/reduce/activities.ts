// Activity messages on one run, in place, as @ag-ui/client's defaultApplyEvents holds them:
// the first ACTIVITY_SNAPSHOT for an id creates the message, a later one replaces its
// content unless `replace` is false, and ACTIVITY_DELTA patches the content (RFC 6902, on a
// copy) or, when the patch fails, keeps what it had. A delta for an id no snapshot created
// changes nothing; the rules report it (activity/patch-failed).
import type { ExpandedEvent } from '../events/types.js';
import { applyJsonPatch } from '../state/json-patch.js';
import { str } from './payload.js';
import type { MActivity, RunEntry } from './store.js';

function find(entry: RunEntry, messageId: string): MActivity | undefined {
  const list = entry.run.activities;
  for (let i = list.length - 1; i >= 0; i--) if (list[i]?.messageId === messageId) return list[i];
  return undefined;
}

export function activitySnapshot(entry: RunEntry, e: ExpandedEvent, t: number, v: number): void {
  const messageId = str(e.payload, 'messageId');
  if (messageId === undefined) return;
  const activityType = str(e.payload, 'activityType') ?? '';
  const content = e.payload['content'];
  const known = find(entry, messageId);
  if (known === undefined) {
    entry.run.activities.push({
      version: v,
      messageId,
      activityType,
      content,
      startEvent: e.raw.index,
      startT: t,
      marks: [{ event: e.raw.index, t, kind: 'snapshot', effect: 'applied' }],
    });
    return;
  }
  const replace = e.payload['replace'] !== false;
  if (replace) {
    known.activityType = activityType;
    known.content = content;
  }
  known.marks.push({ event: e.raw.index, t, kind: 'snapshot', effect: replace ? 'applied' : 'kept' });
  known.version = v;
}

export function activityDelta(entry: RunEntry, e: ExpandedEvent, t: number, v: number): void {
  const messageId = str(e.payload, 'messageId');
  const known = messageId === undefined ? undefined : find(entry, messageId);
  if (known === undefined) return;
  const result = applyJsonPatch(known.content ?? {}, e.payload['patch'] ?? []);
  if ('value' in result) {
    known.content = result.value;
    known.activityType = str(e.payload, 'activityType') ?? known.activityType;
  }
  known.marks.push({ event: e.raw.index, t, kind: 'delta', effect: 'value' in result ? 'applied' : 'failed' });
  known.version = v;
}
