// The panel's store: small sub-stores (capture feed, selection, settings) plus the
// derived, per-visible-row indexes the views read. Built once per mount; the transport
// is optional (the offline viewer has none).
import { computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { PanelTransport } from '../../bridge/transport.js';
import type { BodilessRequest, BugReportView, LoadResult } from '../../core/io/types.js';
import type { OriginalFinding } from '../../core/io/findings-before.js';
import type { RunModel, StreamModel } from '../../core/model/types.js';
import type { PanelCore } from '../core-deps.js';
import { createEventIndexer, type EventIndex } from '../derive/event-index.js';
import { createClientRejectionIndexer, type ClientRejections } from '../derive/client-rejection.js';
import { createFindingIndexer, type FindingIndex } from '../derive/finding-index.js';
import { createRunLabelIndexer, type RunLabelIndex } from '../derive/run-labels.js';
import { createTimelineIndexer, type TimelineIndex } from '../derive/timeline-index.js';
import { placeholderLanes, type PlaceholderLane } from '../derive/placeholder-lanes.js';
import { createCaptureStore, type CaptureStore } from './capture-store.js';
import { createCompareStore, type CompareStore } from './compare-store.js';
import { createNotesStore, type NotesStore } from './notes-store.js';
import { pinIndex, type PinIndex } from '../derive/note-target.js';
import { parseFilter, type ParsedFilter } from './filter.js';
import type { FrameScheduler } from './scheduler.js';
import { createSelectionStore, type SelectionStore } from './selection-store.js';
import { createSettingsStore, type SettingsStorage, type SettingsStore } from './settings-store.js';
import { createReplayStore, type ReplayStore } from '../replay/replay-store.js';

/** A session export as written: its file name, text and what redaction masked. */
export interface ExportOutcome {
  readonly name: string;
  readonly text: string;
  readonly redactions?: readonly string[];
}

/** A file the core read (what `core.loadFile` answers when it could). */
export type LoadedFile = Extract<LoadResult, { readonly ok: true }>;

export interface PanelStoreOptions {
  readonly core: PanelCore;
  readonly scheduler: FrameScheduler;
  readonly transport?: PanelTransport;
  readonly storage?: SettingsStorage;
  readonly offline?: boolean;
  /** Throttle of model publications while streaming (ms; default 0 = every frame). */
  readonly publishIntervalMs?: number;
  /** Most ms of captured messages applied in one task (default: all queued, at once). */
  readonly frameBudgetMs?: number;
  /** For the panel id in 'hello' (tests pass a fixed one). */
  readonly panelId?: string;
}

export interface PanelStore {
  readonly core: PanelCore;
  readonly capture: CaptureStore;
  readonly selection: SelectionStore;
  readonly settings: SettingsStore;
  /** The two runs the Compare view shows, and runs kept for it across imports. */
  readonly compare: CompareStore;
  /** Notes on runs, calls, events and findings; `pins` places them on the timeline. */
  readonly notes: NotesStore;
  readonly pins: ReadonlySignal<PinIndex>;
  readonly filter: ReadonlySignal<ParsedFilter>;
  readonly selectedRun: ReadonlySignal<RunModel | undefined>;
  readonly timeline: ReadonlySignal<TimelineIndex>;
  readonly events: ReadonlySignal<EventIndex>;
  readonly findings: ReadonlySignal<FindingIndex>;
  /** Runs the official client would have thrown on (lane headers, run selector, run detail). */
  readonly rejections: ReadonlySignal<ClientRejections>;
  /** How every view names a run (`#3 · 14:02:11 · thread …mxamkg5h · run …c412ab8d`). */
  readonly runLabels: ReadonlySignal<RunLabelIndex>;
  /** A one-line status for the user (import result, copy done, …). */
  readonly notice: Signal<string | undefined>;
  /** Requests the imported file names without a body (placeholder lanes). */
  readonly importGaps: Signal<readonly BodilessRequest[]>;
  /** Lanes for streams without a run and for body-less imported requests, in request order. */
  readonly placeholders: ReadonlySignal<readonly PlaceholderLane[]>;
  /** Name of the imported file the view shows, if any. */
  readonly importedName: Signal<string | undefined>;
  /** The imported bug report's summary and picture (shown beside its session). */
  readonly importedReport: Signal<BugReportView | undefined>;
  /** A redacted imported file's findings before masking (shown against the masked data's). */
  readonly importedOriginal: Signal<readonly OriginalFinding[] | undefined>;
  /** The last export (its name feeds "copy lint command"; redactions are listed). */
  readonly lastExport: Signal<ExportOutcome | undefined>;
  readonly offline: boolean;
  /** Replay into the inspected tab (live panels only). */
  readonly replay?: ReplayStore;
  clear(): void;
  /**
   * Show a loaded file's session in place of what the panel showed: its own inspector, no
   * selection, its name, report and body-less requests. (io/import-actions.ts imports files.)
   */
  showLoaded(name: string, loaded: LoadedFile): void;
  findRun(runKey: string): RunModel | undefined;
  findStream(streamId: string): StreamModel | undefined;
  /** The run of a stream whose wire range holds `wireIndex`. */
  findRunAt(streamId: string, wireIndex: number): RunModel | undefined;
  dispose(): void;
}

export function createPanelStore(opts: PanelStoreOptions): PanelStore {
  const offline = opts.offline === true || !opts.transport;
  const capture = createCaptureStore(opts.core, opts.scheduler, offline ? 'offline' : 'live', {
    intervalMs: opts.publishIntervalMs ?? 0,
    now: () => performance.now(),
    ...(opts.frameBudgetMs !== undefined ? { frameBudgetMs: opts.frameBudgetMs } : {}),
  });
  const selection = createSelectionStore();
  const settings = createSettingsStore(opts.storage);
  capture.preserveLog = () => settings.settings.peek().preserveLog;
  capture.timingLimits = () => {
    const { openAfterTerminalS, stallS } = settings.settings.peek();
    return { openAfterTerminalMs: openAfterTerminalS * 1000, stallMs: stallS * 1000 };
  };
  const notice = signal<string | undefined>(undefined);
  const compare = createCompareStore();
  const notes = createNotesStore();
  const importedName = signal<string | undefined>(undefined);
  const importedReport = signal<BugReportView | undefined>(undefined);
  const importedOriginal = signal<readonly OriginalFinding[] | undefined>(undefined);
  const importGaps = signal<readonly BodilessRequest[]>([]);
  const lastExport = signal<ExportOutcome | undefined>(undefined);

  const filter = computed(() => parseFilter(settings.settings.value.filterText));
  // Lookup maps rebuilt once per model change: O(runs + streams), never O(events).
  const lookup = computed(() => {
    const m = capture.model.value;
    const runs = new Map<string, RunModel>();
    const streams = new Map<string, StreamModel>();
    for (let i = 0; i < m.runs.length; i++) {
      const r = m.runs[i];
      if (r) runs.set(r.key, r);
    }
    for (let i = 0; i < m.streams.length; i++) {
      const s = m.streams[i];
      if (s) streams.set(s.info.streamId, s);
    }
    return { runs, streams };
  });
  const findRun = (runKey: string): RunModel | undefined => lookup.value.runs.get(runKey);
  const findStream = (streamId: string): StreamModel | undefined => lookup.value.streams.get(streamId);
  const findRunAt = (streamId: string, wireIndex: number): RunModel | undefined => {
    const stream = findStream(streamId);
    if (!stream) return undefined;
    let found: RunModel | undefined;
    for (const key of stream.runKeys) {
      const r = findRun(key);
      if (r && r.firstEvent <= wireIndex) found = r;
    }
    return found;
  };
  // Rebuilt when notes change or the model does (a pinned run may arrive or go).
  const pins = computed(() =>
    pinIndex(notes.list.value, { findRun, findStream, findRunAt }, capture.model.value.version),
  );
  const selectedRun = computed(() => {
    const key = selection.runFilter.value;
    return key === undefined ? undefined : findRun(key);
  });

  const timelineIndexer = createTimelineIndexer();
  const eventIndexer = createEventIndexer();
  const findingIndexer = createFindingIndexer();
  // O(streams) per model change: the model has few streams next to its events.
  const placeholders = computed(() => placeholderLanes(capture.model.value, importGaps.value));
  const timeline = computed(() =>
    timelineIndexer(capture.model.value, filter.value, selection.runFilter.value, placeholders.value),
  );
  const events = computed(() => {
    const run = selectedRun.value;
    return eventIndexer(capture.model.value, filter.value, {
      expanded: settings.settings.value.expandedEvents,
      ...(run ? { run: { streamId: run.streamId, first: run.firstEvent, last: run.lastEvent } } : {}),
    });
  });
  const rejectionIndexer = createClientRejectionIndexer(opts.core.rules);
  const rejections = computed(() => rejectionIndexer(capture.model.value));
  const runLabelIndexer = createRunLabelIndexer();
  const runLabels = computed(() => runLabelIndexer(capture.model.value));
  const findings = computed(() =>
    findingIndexer(capture.model.value, filter.value, settings.settings.value.severities, selectedRun.value),
  );

  const unsubs: (() => void)[] = [];
  let replay: ReplayStore | undefined;
  if (opts.transport && !offline) {
    const t = opts.transport;
    replay = createReplayStore({
      core: opts.core,
      model: capture.model,
      findStream,
      importedName,
      send: (msg) => t.send(msg),
      now: () => Date.now(),
      setTimer: (fn, ms) => {
        const id = setTimeout(fn, ms);
        return () => clearTimeout(id);
      },
    });
    unsubs.push(() => replay?.dispose());
    unsubs.push(t.subscribe((msg) => replay?.onRelayMessage(msg)));
    unsubs.push(t.subscribe((msg) => capture.receive(msg)));
    // Time passing is evidence too (a body open after its run ended, a stall): the inspector
    // is told the time each second while a body is open, as Network's pending rows tick.
    const ticker = setInterval(() => capture.tick(Date.now()), 1000);
    unsubs.push(() => clearInterval(ticker));
    // The transport says hello itself, once per connection (one replay per connection).
    unsubs.push(t.onConnection((connected) => capture.setConnected(connected)));
  }
  // A selected run that disappears (clear, navigation) must not leave the views empty.
  unsubs.push(
    effect(() => {
      if (selection.runFilter.value !== undefined && !selectedRun.value && capture.model.value.runs.length === 0)
        selection.runFilter.value = undefined;
    }),
  );

  const api: PanelStore = {
    core: opts.core,
    capture,
    selection,
    settings,
    compare,
    notes,
    pins,
    filter,
    selectedRun,
    timeline,
    events,
    findings,
    rejections,
    runLabels,
    notice,
    importedName,
    importedReport,
    importedOriginal,
    importGaps,
    placeholders,
    lastExport,
    offline,
    ...(replay ? { replay } : {}),
    clear() {
      capture.clear();
      selection.reset();
      notes.replace([]);
      importedName.value = undefined;
      importedReport.value = undefined;
      importedOriginal.value = undefined;
      importGaps.value = [];
      // What Replay would send came from the session just cleared (or a file loaded for it).
      replay?.resetSource();
      opts.transport?.send({ kind: 'clear-buffer' });
    },
    showLoaded(name, loaded) {
      const inspector = opts.core.createInspector();
      opts.core.feedCaptures(inspector, loaded.captures);
      // A live panel stops recording while it shows a file, or live traffic would mix in.
      if (!offline) capture.setRecording(false);
      capture.replaceInspector(inspector);
      selection.reset();
      importedName.value = name;
      importedReport.value = loaded.report;
      importedOriginal.value = loaded.findingsBefore;
      importGaps.value = loaded.bodiless ?? [];
      // Replay now offers the imported file's runs, named after it; nothing of the last choice stays.
      replay?.resetSource();
    },
    findRun,
    findStream,
    findRunAt,
    dispose() {
      for (const u of unsubs) u();
      settings.dispose();
    },
  };
  return api;
}
