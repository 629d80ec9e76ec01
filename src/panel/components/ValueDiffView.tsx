import type { JsonChange, ValueDiff } from '../derive/compare/json-diff.js';
import { DiffText } from './DiffText.js';

/** Longer values are cut in the list; the call detail shows them whole. */
const SHOW_CHARS = 160;
const MAX_CHANGES = 50;

export function shortJson(v: unknown): string {
  const s = v === undefined ? '(none)' : (JSON.stringify(v) ?? String(v));
  return s.length > SHOW_CHARS ? `${s.slice(0, SHOW_CHARS)}…` : s;
}

function changeText(c: JsonChange): string {
  const at = c.path === '' ? '(whole value)' : c.path;
  if (c.kind === 'added') return `${at}: only in B: ${shortJson(c.b)}`;
  if (c.kind === 'removed') return `${at}: only in A: ${shortJson(c.a)}`;
  return `${at}: ${shortJson(c.a)} → ${shortJson(c.b)}`;
}

/** A JSON diff as one line per changed path, or a text diff when either side is not JSON. */
export function ValueDiffView({ diff, label }: { readonly diff: ValueDiff; readonly label: string }) {
  if (diff.kind === 'same') return <div class="dim">{`${label}: same`}</div>;
  if (diff.kind === 'too-large')
    return <div>{`${label}: differ (${diff.aLength} vs ${diff.bLength} characters, too many changes to list)`}</div>;
  if (diff.kind === 'text') return <DiffText parts={diff.parts} label={label} />;
  const shown = diff.changes.slice(0, MAX_CHANGES);
  return (
    <ul class="cmp-changes mono" aria-label={label}>
      {shown.map((c, i) => (
        <li key={i} class={`cmp-${c.kind}`}>
          {changeText(c)}
        </li>
      ))}
      {diff.changes.length > shown.length && <li class="dim">{`… ${diff.changes.length - shown.length} more`}</li>}
    </ul>
  );
}
