// Text messages (the open/close discipline tool calls share) and attribution of the
// entities other than tool calls: every continuation must agree with its opener's owner.
import { atWith, type EventCheck } from './check-types.js';
import type { At, Out } from './out.js';
import { list, ownerName, str, tagOf } from './payload.js';
import type { EntityKind, RunState } from './state.js';

/** A tagged event on an entity whose recorded owner differs (untagged always agrees). */
export function checkOwner(c: EventCheck, kind: EntityKind, label: string, id: string, at: At): void {
  const tag = tagOf(c.p);
  const owners = c.run.owners[kind];
  if (tag === undefined || !owners.has(id)) return;
  const owner = owners.get(id);
  if (owner === tag) return;
  const fromRequest = c.run.ownerFromRequest.has(`${kind}:${id}`)
    ? ' (that owner is known only from the request body: the client would not throw here)'
    : '';
  c.out.add(
    'attribution/owner-mismatch',
    `${c.event.type} for ${label} '${id}' is tagged ${ownerName(tag)}, but its opener is ${ownerName(owner)}${fromRequest}.`,
    at,
  );
}

export function onTextEvent(c: EventCheck): void {
  const id = str(c.p, 'messageId');
  if (id === undefined) return;
  const { run, out } = c;
  if (c.event.type === 'TEXT_MESSAGE_START') {
    const at = atWith(c.at, { messageId: id });
    if (run.openText.has(id)) {
      out.add(
        'text-message/start-while-open',
        `TEXT_MESSAGE_START for '${id}', which is still open; the client rejects the stream here.`,
        at,
      );
      return;
    }
    checkOwner(c, 'message', 'message', id, at);
    if (!run.owners.message.has(id)) run.owners.message.set(id, tagOf(c.p));
    run.openText.add(id);
    run.messageIds.set(id, `text message '${id}'`);
    return;
  }
  if (!run.openText.has(id)) {
    const at = atWith(c.at, { messageId: id });
    const seen =
      run.messageIds.get(id) === `text message '${id}'`
        ? 'already closed'
        : run.owners.message.has(id)
          ? 'known only from history (a new TEXT_MESSAGE_START must reopen it first)'
          : 'never opened in this run';
    out.add(
      'text-message/not-open',
      `${c.event.type} for '${id}', which is ${seen}; the client rejects the stream here.`,
      at,
    );
    return;
  }
  // Only a tagged continuation can disagree with its opener; the place is built for it alone
  // (CONTENT runs for nearly every event).
  if (tagOf(c.p) !== undefined) checkOwner(c, 'message', 'message', id, atWith(c.at, { messageId: id }));
  if (c.event.type === 'TEXT_MESSAGE_END') run.openText.delete(id);
}

export function textOpenAtRunEnd(run: RunState, at: At, out: Out): void {
  if (run.openText.size === 0) return;
  const ids = [...run.openText];
  out.add(
    'text-message/open-at-run-end',
    `RUN_FINISHED while text message(s) ${list(ids)} are still open; the client rejects the stream here.`,
    atWith(at, { messageId: ids[0] }),
  );
}
