// JSON Patch (RFC 6902), applied the way @ag-ui/client applies STATE_DELTA and
// ACTIVITY_DELTA. The default export: Node loads the CommonJS build (no named exports),
// bundlers the ES one.
import fastJsonPatch, { type Operation } from 'fast-json-patch';

const { applyPatch } = fastJsonPatch;

/**
 * A JSON Patch applied as the client applies it: validated, on a copy, prototype changes
 * refused (the patch is page data). The patched document, or why it does not apply.
 * The rules (rules/state-patches.ts) and the panel's State view both apply patches with it.
 */
export function applyJsonPatch(doc: unknown, patch: unknown): { value: unknown } | { error: string } {
  if (!Array.isArray(patch)) return { error: 'the patch is not an array of operations' };
  try {
    return { value: applyPatch(doc, patch as Operation[], true, false, true).newDocument };
  } catch (e) {
    const message = e instanceof Error ? (e.message.split('\n')[0] ?? e.name) : String(e);
    return { error: message.length > 300 ? `${message.slice(0, 300)}…` : message };
  }
}
