// A surface's component tree as lines of text (the page's data is shown as text, never
// rendered): from the root down, each component's id, type and what it shows (a literal
// text, or the data path it binds), children that do not exist marked, and the components no
// path from the root reaches listed after.
import { childIds, isRecord, type A2uiComponent, type A2uiSurface } from '../core-deps.js';

export interface TreeLine {
  /** Nesting depth (0 is the root). */
  readonly depth: number;
  readonly id: string;
  readonly type: string;
  readonly detail: string;
  /** A child id no component of the surface has. */
  readonly missing: boolean;
}

const MAX_DETAIL = 60;

function shown(value: unknown): string | undefined {
  if (typeof value === 'string')
    return JSON.stringify(value.length > MAX_DETAIL ? `${value.slice(0, MAX_DETAIL)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!isRecord(value)) return undefined;
  if (typeof value['path'] === 'string') return `→ ${value['path']}`;
  if (typeof value['literalString'] === 'string') return shown(value['literalString']);
  return undefined;
}

function detailOf(c: A2uiComponent): string {
  for (const key of ['text', 'label', 'value', 'url', 'name', 'title']) {
    const s = shown(c.props[key]);
    if (s !== undefined) return s;
  }
  return '';
}

export interface SurfaceTree {
  readonly lines: readonly TreeLine[];
  /** Components no path from the root reaches. */
  readonly unreached: readonly A2uiComponent[];
}

export function surfaceTree(s: A2uiSurface, maxLines = 500): SurfaceTree {
  const lines: TreeLine[] = [];
  const seen = new Set<string>();
  const visit = (id: string, depth: number): void => {
    if (lines.length >= maxLines) return;
    const c = s.components.get(id);
    if (c === undefined) {
      lines.push({ depth, id, type: '', detail: '', missing: true });
      return;
    }
    // A component met twice (a cycle, or shared) is shown once.
    if (seen.has(id)) {
      lines.push({ depth, id, type: c.type ?? '?', detail: '(shown above)', missing: false });
      return;
    }
    seen.add(id);
    lines.push({ depth, id, type: c.type ?? '?', detail: detailOf(c), missing: false });
    for (const child of childIds(c)) visit(child, depth + 1);
  };
  if (s.root !== undefined) visit(s.root, 0);
  const unreached = [...s.components.values()].filter((c) => !seen.has(c.id));
  return { lines, unreached };
}
