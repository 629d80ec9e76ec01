// Everything the panel takes from the core, in one place: the store and views receive
// it as a value, so tests run the real core and nothing in the panel re-implements it.
import { createInspector } from '../core/pipeline/create-inspector.js';
import { partialArgsAt } from '../core/args/partial-view.js';
import { RULES } from '../core/rules/index.js';
import { createBase64Decoder } from '../core/io/base64.js';
import { feedCaptures } from '../core/io/feed.js';
import { loadFile } from '../core/io/load-file.js';
import { exportRedacted, exportSession } from '../core/io/session-export.js';
import type { CreateInspector, Inspector } from '../core/inspector.js';
import type { RuleInfo } from '../core/findings.js';
import type { Capture, LoadResult } from '../core/io/types.js';
import type { ExportOptions } from '../core/io/session-format.js';
import type { SessionModel } from '../core/model/types.js';

export interface PanelCore {
  readonly createInspector: CreateInspector;
  readonly decodeBase64: (text: string) => Uint8Array | undefined;
  readonly loadFile: (name: string, bytes: Uint8Array) => LoadResult;
  readonly feedCaptures: (inspector: Inspector, captures: readonly Capture[]) => void;
  readonly exportSession: (model: SessionModel, options: ExportOptions) => string;
  readonly exportRedacted: (
    model: SessionModel,
    options: ExportOptions,
  ) => { readonly text: string; readonly redactions: readonly string[] };
  readonly partialArgsAt: typeof partialArgsAt;
  readonly rules: ReadonlyMap<string, RuleInfo>;
}

export function createPanelCore(): PanelCore {
  return {
    createInspector,
    // One decoder per panel: it owns the slabs small chunks are carved from.
    decodeBase64: createBase64Decoder(),
    loadFile,
    feedCaptures,
    exportSession,
    exportRedacted,
    partialArgsAt,
    rules: new Map(RULES.map((r) => [r.id, r])),
  };
}
