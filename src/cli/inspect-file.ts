// Loads one file and runs the whole core pipeline over it: the CLI's only use of core.
import { feedCaptures } from '../core/io/feed.js';
import { loadFile } from '../core/io/load-file.js';
import { logToArray } from '../core/model/log.js';
import type { SessionModel } from '../core/model/types.js';
import { createInspector } from '../core/pipeline/create-inspector.js';
import type { Severity } from '../core/findings.js';
import { atLeast, type FileReport } from './report.js';

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

export function reportFor(file: string, model: SessionModel, min: Severity): FileReport {
  return { file, findings: logToArray(model.findings).filter((f) => atLeast(f.severity, min)) };
}
