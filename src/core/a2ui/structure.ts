// What keeps a surface from showing what the agent meant, read off its final state: a
// component whose type the catalogue lacks, a child id no component has, a data binding to a
// path the data model lacks, a surface that never begins rendering or has no root.
import { isRecord } from '../json-value.js';
import type { A2uiCatalogue } from './catalogues.js';
import { hasPointer } from './data-model.js';
import type { A2uiComponent, A2uiSurface } from './surfaces.js';

export type SurfaceProblem =
  | { readonly kind: 'unknown-component'; readonly items: readonly { id: string; type: string }[] }
  | { readonly kind: 'missing-child'; readonly items: readonly { id: string; child: string }[] }
  | { readonly kind: 'missing-data-path'; readonly items: readonly { id: string; path: string }[] }
  | { readonly kind: 'never-rendered'; readonly reason: string };

const CHILD_KEY = /^(child|componentId|.+Child)$/;
const CHILD_LIST_KEY = /^(children|explicitList)$/;

/** The component ids a component refers to as children, wherever its shape puts them. */
export function childIds(c: A2uiComponent): string[] {
  const out: string[] = [];
  const walk = (node: unknown, key: string | undefined, depth: number): void => {
    if (depth > 6) return;
    if (typeof node === 'string') {
      if (key !== undefined && CHILD_KEY.test(key)) out.push(node);
      return;
    }
    if (Array.isArray(node)) {
      const listed = key !== undefined && CHILD_LIST_KEY.test(key);
      for (const item of node) {
        if (listed && typeof item === 'string') out.push(item);
        else walk(item, undefined, depth + 1);
      }
      return;
    }
    // Actions carry event context, not layout.
    if (isRecord(node)) for (const [k, v] of Object.entries(node)) if (k !== 'action') walk(v, k, depth + 1);
  };
  walk(c.props, undefined, 0);
  return out;
}

/** Absolute data-model paths the component binds (`{ path }`, v0.8 template `dataBinding`). */
export function boundPaths(c: A2uiComponent): string[] {
  const out: string[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (depth > 8) return;
    if (Array.isArray(node)) for (const item of node) walk(item, depth + 1);
    if (!isRecord(node)) return;
    for (const key of ['path', 'dataBinding']) {
      const p = node[key];
      // Relative paths resolve inside a template's item: nothing to check on the surface.
      if (typeof p === 'string' && p.startsWith('/')) out.push(p);
    }
    for (const v of Object.values(node)) if (typeof v === 'object' && v !== null) walk(v, depth + 1);
  };
  walk(c.props, 0);
  return out;
}

function neverRendered(s: A2uiSurface): string | undefined {
  if (s.components.size === 0) return undefined;
  if (s.version === 'v0.8' && !s.begun)
    return 'it has components but no beginRendering: a v0.8 renderer shows nothing until one arrives';
  if (s.begun && s.root !== undefined && !s.components.has(s.root))
    return `no component has the root id '${s.root}': the renderer has nothing to mount`;
  return undefined;
}

export function surfaceProblems(s: A2uiSurface, catalogue: A2uiCatalogue | undefined): SurfaceProblem[] {
  if (s.deleted) return [];
  const out: SurfaceProblem[] = [];
  const reason = neverRendered(s);
  if (reason !== undefined) out.push({ kind: 'never-rendered', reason });
  const unknown: { id: string; type: string }[] = [];
  const missing: { id: string; child: string }[] = [];
  const unbound: { id: string; path: string }[] = [];
  for (const c of s.components.values()) {
    if (catalogue !== undefined && c.type !== undefined && !catalogue.components.has(c.type))
      unknown.push({ id: c.id, type: c.type });
    for (const child of childIds(c)) if (!s.components.has(child)) missing.push({ id: c.id, child });
    for (const path of boundPaths(c)) if (!hasPointer(s.dataModel, path)) unbound.push({ id: c.id, path });
  }
  if (unknown.length > 0) out.push({ kind: 'unknown-component', items: unknown });
  if (missing.length > 0) out.push({ kind: 'missing-child', items: missing });
  if (unbound.length > 0) out.push({ kind: 'missing-data-path', items: unbound });
  return out;
}
