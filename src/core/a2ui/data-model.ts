// A surface's data model addressed by JSON Pointer (RFC 6901), as A2UI paths are: "/" or ""
// is the whole model. Writes copy along the path (the model before stays as it was).
import { isRecord } from '../json-value.js';

function tokens(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** `value` undefined removes the key (A2UI: "If omitted, the key at 'path' is removed"). */
export function setAtPointer(model: unknown, pointer: string, value: unknown): unknown {
  const path = tokens(pointer);
  if (path.length === 0) return value === undefined ? {} : value;
  const write = (node: unknown, depth: number): unknown => {
    const key = path[depth] as string;
    const last = depth === path.length - 1;
    if (Array.isArray(node) && /^\d+$/.test(key)) {
      const copy = [...node];
      const i = Number(key);
      if (last && value === undefined) copy.splice(i, 1);
      else copy[i] = last ? value : write(copy[i], depth + 1);
      return copy;
    }
    const copy: Record<string, unknown> = isRecord(node) ? { ...node } : {};
    if (last && value === undefined) delete copy[key];
    else copy[key] = last ? value : write(copy[key], depth + 1);
    return copy;
  };
  return write(model, 0);
}

/** Whether an absolute pointer names a value in the model. */
export function hasPointer(model: unknown, pointer: string): boolean {
  let node = model;
  for (const key of tokens(pointer)) {
    if (Array.isArray(node) && /^\d+$/.test(key) && Number(key) < node.length) node = node[Number(key)];
    else if (isRecord(node) && Object.hasOwn(node, key)) node = node[key];
    else return false;
  }
  return true;
}
