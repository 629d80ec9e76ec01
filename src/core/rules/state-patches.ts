// Agent state patches (STATE_DELTA, and ACTIVITY_DELTA on an activity's content): a JSON
// Patch (RFC 6902) that does not apply leaves the client on the state it had, with only a
// console warning, so the app and the agent silently disagree from there on. We apply
// every patch the way the client does and say where that happens.
import { ruleFamily } from './rule-family.js';
import { applyJsonPatch } from '../state/json-patch.js';
import { atWith, type EventCheck } from './check-types.js';
import type { PatchState, RunState } from './state.js';

const CLIENT_REF = 'AG-UI docs › State Management (STATE_DELTA, JSON Patch RFC 6902); @ag-ui/client defaultApplyEvents';

export const STATE_PATCH_RULES = ruleFamily({ severity: 'warning', fatal: false, client: 'no', needs: 'stream' }, [
  {
    id: 'state/patch-failed',
    specRef: CLIENT_REF,
    specText:
      'STATE_DELTA carries a JSON Patch (RFC 6902) applied to the current state; the client applies it with validation and, when it fails, warns "Failed to apply state patch" and keeps the state it had.',
    explain:
      'Send patches against the state the client holds (the request state, then each STATE_SNAPSHOT and applied delta), or send a STATE_SNAPSHOT.',
  },
  {
    id: 'activity/patch-failed',
    specRef: 'AG-UI docs › Events (ACTIVITY_DELTA); @ag-ui/client defaultApplyEvents',
    specText:
      'ACTIVITY_DELTA carries a JSON Patch applied to the activity message content; when it fails the client warns "Failed to apply activity patch" and keeps the content it had.',
    explain: 'Patch the content the last ACTIVITY_SNAPSHOT (and applied deltas) left, or send a new snapshot.',
  },
  {
    id: 'state/unknown-op-dropped',
    specRef: `AG-UI draft › Processing model; ${CLIENT_REF}`,
    specText:
      'An operation whose `op` RFC 6902 does not define is an unrecognised union member: the element is dropped from the patch with a warning and the rest of the patch applies.',
    explain:
      'Use only RFC 6902 operations (add, remove, replace, move, copy, test): the client skips the others, so its state differs from what the agent meant.',
  },
]);

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
