import type { JsonChange, ValueDiff } from '../derive/compare/json-diff.js';
import { DiffText } from './DiffText.js';

/** Longer values are cut in the list; the call detail shows them whole. */
const SHOW_CHARS = 160;
const MAX_CHANGES = 50;

export function shortJson(v: unknown): string {
  const s = v === undefined ? '(none)' : (JSON.stringify(v) ?? String(v));
  return s.length > SHOW_CHARS ? `${s.slice(0, SHOW_CHARS)}…` : s;
}

const sideOf = (c: JsonChange, side: 'a' | 'b'): string =>
  (side === 'a' && c.kind === 'added') || (side === 'b' && c.kind === 'removed') ? '—' : shortJson(c[side]);

/** A JSON diff as a table (path, A, B: one row per changed path), or a text diff when either side is not JSON. */
export function ValueDiffView({ diff, label }: { readonly diff: ValueDiff; readonly label: string }) {
  if (diff.kind === 'same') return <div class="dim">{`${label}: same`}</div>;
  if (diff.kind === 'too-large')
    return <div>{`${label}: differ (${diff.aLength} vs ${diff.bLength} characters, too many changes to list)`}</div>;
  if (diff.kind === 'text') return <DiffText parts={diff.parts} label={label} />;
  const shown = diff.changes.slice(0, MAX_CHANGES);
  return (
    <table class="cmp-changes mono" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{label.replace(/ of .*$/, '')}</th>
          <th scope="col">A</th>
          <th scope="col">B</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((c, i) => (
          <tr key={i} class={`cmp-${c.kind}`}>
            <th scope="row">{c.path === '' ? '(whole value)' : c.path}</th>
            <td class={c.kind === 'added' ? 'dim' : 'cmp-a'}>{sideOf(c, 'a')}</td>
            <td class={c.kind === 'removed' ? 'dim' : 'cmp-b'}>{sideOf(c, 'b')}</td>
          </tr>
        ))}
        {diff.changes.length > shown.length && (
          <tr>
            <td class="dim" colSpan={3}>{`… ${diff.changes.length - shown.length} more`}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
