// One file through the whole core: load it (any supported format), replay its captures
// into a fresh inspector, hand back the model. The CLI's lint/print and tests use it.
import { createInspector } from '../pipeline/create-inspector.js';
import type { SessionModel } from '../model/types.js';
import { feedCaptures } from './feed.js';
import { loadFile } from './load-file.js';

export type Inspected =
  | { readonly ok: true; readonly model: SessionModel; readonly notes: readonly string[] }
  | { readonly ok: false; readonly error: string };

export function inspectBytes(file: string, bytes: Uint8Array): Inspected {
  const loaded = loadFile(file, bytes);
  if (!loaded.ok) return loaded;
  // One inspector per file: files are separate sessions, so no cross-file thread rules.
  const inspector = createInspector();
  feedCaptures(inspector, loaded.captures);
  return { ok: true, model: inspector.model, notes: loaded.notes };
}
