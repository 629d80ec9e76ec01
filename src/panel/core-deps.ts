// Everything the panel takes from the core, in one place (lint holds it: a panel module
// may import core types directly, but core values only from here). The stateful parts
// (an inspector, the loaders, the exporters, the slab base64 decoder) are injected: the
// store and views receive them as a value, so tests run the real core and nothing in the
// panel re-implements it. The pure functions and constants below are re-exported as they are.
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
import type { ClientCase } from '../core/client-cases/types.js';
import type { ReplayRun } from '../core/replay/types.js';

export { asRecord, isRecord, str } from '../core/json-value.js';
export { applyJsonPatch } from '../core/state/json-patch.js';
export { a2uiMessagesIn, a2uiMessagesInText, type A2uiMessage } from '../core/a2ui/messages.js';
export { applyA2uiMessages, type A2uiComponent, type A2uiSurface, type Surfaces } from '../core/a2ui/surfaces.js';
export { childIds } from '../core/a2ui/structure.js';
export {
  MCP_APPS_ACTIVITY_TYPE,
  mcpAppsActivity,
  proxiedResourceRead,
  readResourceContents,
} from '../core/mcp-apps/ui-resource.js';
export { encodeBase64 } from '../core/io/base64.js';
export { writeBugReport } from '../core/io/bug-report.js';
export { againstOriginal, type FindingsAgainstOriginal, type OriginalFinding } from '../core/io/findings-before.js';
export { sessionToHar } from '../core/io/har-write.js';
export { callToJson, eventToJson, jsonText, runToJson } from '../core/io/model-json.js';
export { HIDE_LENGTHS_NOTE } from '../core/io/redact/options.js';
export { MAX_NOTE_CHARS } from '../core/io/session-notes.js';
export {
  chunkRetainedBytes,
  runRetainedBytes,
  streamOwnRetainedBytes,
  wireRetainedBytes,
} from '../core/reduce/retained.js';
export { distinguishingParts, partOf, type DistinguishingPart } from '../core/labels/distinguishing-part.js';
export {
  PAYLOAD_KINDS,
  largestSnapshots,
  runWeight,
  threadWeight,
  type RankedSnapshot,
  type SnapshotWeight,
  type RunWeight,
  type ThreadWeight,
} from '../core/stats/payload-budget.js';
export { middlewareTool, type MiddlewareTool } from '../core/labels/middleware-tools.js';
export { callsNamedInError } from '../core/labels/error-calls.js';
export {
  fitAround,
  fitEnd,
  fitLabel,
  type FittedLabel,
  type KeptRange,
  type LabelFonts,
} from '../core/labels/fit-label.js';
export { runLabels, runMention, type RunLabel } from '../core/labels/run-label.js';
export { runEndNote, runOutcome } from '../core/print/run-outcome.js';
export { failedBody } from '../core/failed-request.js';
export { keepAliveTimes, runTiming, type RunTiming } from '../core/timing/run-timing.js';
export { rejectsUnder } from '../core/rules/profiles.js';
export { matchResume, pendingInterrupts, type InterruptAnswer } from '../core/rules/interrupt-resume.js';
export {
  applyPreset,
  eventLines,
  parseEventLines,
  pieceTypes,
  planFromItems,
  planFromStream,
  playPieces,
  requestDivergence,
  stepTo,
} from '../core/replay/index.js';

/** The client conformance catalogue and how a case becomes a replay run (one lazy chunk). */
export interface CaseCatalogue {
  readonly cases: readonly ClientCase[];
  readonly replayRun: (c: ClientCase, source: string) => ReplayRun;
}

/**
 * The catalogue is a large JSON (the official corpus): the panel loads it only when the
 * user opens the conformance case picker, as a chunk of its own.
 */
async function loadCaseCatalogue(): Promise<CaseCatalogue> {
  const [{ CLIENT_CASES }, { caseReplayRun }] = await Promise.all([
    import('../core/client-cases/catalogue.js'),
    import('../core/client-cases/replay-run.js'),
  ]);
  return { cases: CLIENT_CASES, replayRun: caseReplayRun };
}

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
  readonly loadCaseCatalogue: () => Promise<CaseCatalogue>;
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
    loadCaseCatalogue,
  };
}
