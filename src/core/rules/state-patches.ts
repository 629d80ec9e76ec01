// Agent state patches (STATE_DELTA, and ACTIVITY_DELTA on an activity's content): a JSON
// Patch (RFC 6902) that does not apply leaves the client on the state it had, with only a
// console warning, so the app and the agent silently disagree from there on. We apply
// every patch the way the client does and say where that happens.
import { applyJsonPatch } from '../state/json-patch.js';
import { atWith, type EventCheck } from './check-types.js';
import type { PatchState, RunState } from './state.js';

function patchStateOf(run: RunState, c: EventCheck): PatchState {
  if (run.patches === undefined) {
    const s: PatchState = { state: undefined, activities: new Map() };
    // The client starts from the request's state (RunAgentInput.state).
    const raw = c.ctx.runAfter?.input?.raw;
    if (typeof raw === 'object' && raw !== null && 'state' in raw)
      s.state = { value: (raw as { state: unknown }).state };
    run.patches = s;
  }
  return run.patches;
}

export function onStateEvent(c: EventCheck): void {
  const s = patchStateOf(c.run, c);
  if (c.event.type === 'STATE_SNAPSHOT') {
    s.state = { value: c.p['snapshot'] };
    return;
  }
  const delta = c.p['delta'];
  const result = applyJsonPatch(s.state?.value, delta);
  if ('value' in result) {
    s.state = { value: result.value };
    for (const i of result.dropped) {
      const op = Array.isArray(delta) ? (delta[i] as Record<string, unknown>)['op'] : undefined;
      c.out.add(
        'state/unknown-op-dropped',
        `STATE_DELTA operation /delta/${i} has op ${JSON.stringify(String(op).slice(0, 40))}, which RFC 6902 does not define: the client drops it (warning) and applies the rest of the patch.`,
        c.at,
      );
    }
    return;
  }
  const from = s.state === undefined ? ' (no state yet: no request state and no STATE_SNAPSHOT before it)' : '';
  c.out.add(
    'state/patch-failed',
    `STATE_DELTA does not apply${from}: ${result.error}. The client keeps the state it had.`,
    c.at,
  );
}

export function onActivityPatch(c: EventCheck): void {
  const id = c.p['messageId'];
  if (typeof id !== 'string') return;
  const s = patchStateOf(c.run, c);
  if (c.event.type === 'ACTIVITY_SNAPSHOT') {
    const replace = c.p['replace'] !== false;
    if (replace || !s.activities.has(id)) s.activities.set(id, c.p['content']);
    return;
  }
  // The client ignores a delta for an activity it does not hold, with a warning.
  if (!s.activities.has(id)) {
    c.out.add(
      'activity/patch-failed',
      `ACTIVITY_DELTA for '${id}' targets an activity no ACTIVITY_SNAPSHOT created: the client ignores it (warning) and creates nothing.`,
      atWith(c.at, { messageId: id }),
    );
    return;
  }
  const result = applyJsonPatch(s.activities.get(id) ?? {}, c.p['patch'] ?? []);
  if ('value' in result) {
    s.activities.set(id, result.value);
    return;
  }
  c.out.add(
    'activity/patch-failed',
    `ACTIVITY_DELTA for '${id}' does not apply: ${result.error}. The client keeps the content it had.`,
    atWith(c.at, { messageId: id }),
  );
}
