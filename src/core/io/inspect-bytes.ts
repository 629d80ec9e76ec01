// One file through the whole core: load it (any supported format), replay its captures
// into a fresh inspector, hand back the model. The CLI's lint/print and tests use it.
import type { InspectorOptions } from '../inspector.js';
import { createInspector } from '../pipeline/create-inspector.js';
import type { SessionModel } from '../model/types.js';
import { feedCaptures } from './feed.js';
import { loadFile } from './load-file.js';
import type { SessionNoteV1 } from './session-notes.js';
import type { OriginalFinding } from './findings-before.js';
import type { BodilessRequest } from './types.js';

export type Inspected =
  | {
      readonly ok: true;
      readonly model: SessionModel;
      readonly notes: readonly string[];
      /** A session file's (or bug report's) notes, when it has any. */
      readonly sessionNotes?: readonly SessionNoteV1[];
      /** Event-stream requests a HAR names but holds no body for. */
      readonly bodiless?: readonly BodilessRequest[];
      /** A redacted session's findings before masking, when it carries them. */
      readonly findingsBefore?: readonly OriginalFinding[];
    }
  | { readonly ok: false; readonly error: string };

/** `options` go to the inspector (e.g. `retain: 'findings'` for a linter). */
export function inspectBytes(file: string, bytes: Uint8Array, options: InspectorOptions = {}): Inspected {
  const loaded = loadFile(file, bytes);
  if (!loaded.ok) return loaded;
  // One inspector per file: files are separate sessions, so no cross-file thread rules.
  const inspector = createInspector(options);
  feedCaptures(inspector, loaded.captures);
  return {
    ok: true,
    model: inspector.model,
    notes: loaded.notes,
    ...(loaded.sessionNotes !== undefined ? { sessionNotes: loaded.sessionNotes } : {}),
    ...(loaded.bodiless !== undefined ? { bodiless: loaded.bodiless } : {}),
    ...(loaded.findingsBefore !== undefined ? { findingsBefore: loaded.findingsBefore } : {}),
  };
}
