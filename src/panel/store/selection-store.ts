// What the user is looking at. Everything is held by key (run key, call id, stream and
// event index), never by row position, so selection survives live updates and filters.
import { batch, signal, type Signal } from '@preact/signals';

// Declared with the views (src/panel/view-registry.ts, plain data).
import type { ViewName } from '../view-registry.js';

export type { ViewName };

export interface CallRef {
  readonly runKey: string;
  readonly toolCallId: string;
}

export interface EventRef {
  readonly streamId: string;
  /** Raw wire index, or the expanded index when `expanded` is set. */
  readonly index: number;
  readonly expanded?: boolean;
}

/** Asks the timeline to bring a run's header into view; the same run asked twice is two requests. */
export interface FocusRequest {
  readonly runKey: string;
}

export interface SelectionStore {
  readonly view: Signal<ViewName>;
  /** Run selector: undefined = all runs. */
  readonly runFilter: Signal<string | undefined>;
  readonly call: Signal<CallRef | undefined>;
  readonly event: Signal<EventRef | undefined>;
  /** Index into model.findings of the finding last jumped to (n / N). */
  readonly finding: Signal<number | undefined>;
  /** A run shown in the detail pane (run row or lane header clicked). */
  readonly run: Signal<string | undefined>;
  /** What the detail pane shows: the call, the event or the run. */
  readonly detail: Signal<'call' | 'event' | 'run' | undefined>;
  /** The latest request to scroll the timeline to a run (cross-run answer links): a new object each time. */
  readonly focusRun: Signal<FocusRequest | undefined>;
  /** Narrow, the detail pane covers the list (the shell sets it from the panel's width). */
  readonly detailCoversList: Signal<boolean>;
  selectCall(ref: CallRef | undefined): void;
  selectEvent(ref: EventRef | undefined): void;
  /** A list's keyboard move: selectCall, except that it opens no pane over the list. */
  moveToCall(ref: CallRef): void;
  /** A list's keyboard move: selectEvent, except that it opens no pane over the list. */
  moveToEvent(ref: EventRef): void;
  selectRun(runKey: string | undefined): void;
  /**
   * The user picks a view (its tab): narrow, a pane covering the list gives way to the
   * view's list, the selection kept (a tab is clicked to see that view, not the last detail).
   */
  showView(name: ViewName): void;
  reset(): void;
}

export function createSelectionStore(): SelectionStore {
  const view = signal<ViewName>('timeline');
  const runFilter = signal<string | undefined>(undefined);
  const call = signal<CallRef | undefined>(undefined);
  const event = signal<EventRef | undefined>(undefined);
  const finding = signal<number | undefined>(undefined);
  const run = signal<string | undefined>(undefined);
  const detail = signal<'call' | 'event' | 'run' | undefined>(undefined);
  const focusRun = signal<FocusRequest | undefined>(undefined);
  const detailCoversList = signal(false);
  /** Arrows browse a covered list: the pane stays closed until Enter or a click opens it. */
  const browsing = (select: () => void): void =>
    batch(() => {
      const keepClosed = detailCoversList.peek() && detail.peek() === undefined;
      select();
      if (keepClosed) detail.value = undefined;
    });
  const selectCall = (ref: CallRef | undefined): void => {
    call.value = ref;
    detail.value = ref ? 'call' : event.value ? 'event' : undefined;
  };
  const selectEvent = (ref: EventRef | undefined): void => {
    event.value = ref;
    detail.value = ref ? 'event' : call.value ? 'call' : undefined;
  };
  return {
    focusRun,
    view,
    runFilter,
    call,
    event,
    finding,
    run,
    detail,
    detailCoversList,
    selectCall,
    selectEvent,
    moveToCall: (ref) => browsing(() => selectCall(ref)),
    moveToEvent: (ref) => browsing(() => selectEvent(ref)),
    selectRun(key) {
      run.value = key;
      detail.value = key ? 'run' : call.value ? 'call' : event.value ? 'event' : undefined;
    },
    showView(name) {
      batch(() => {
        if (name !== view.peek() && detailCoversList.peek()) detail.value = undefined;
        view.value = name;
      });
    },
    reset() {
      run.value = undefined;
      call.value = undefined;
      event.value = undefined;
      finding.value = undefined;
      detail.value = undefined;
      runFilter.value = undefined;
    },
  };
}
