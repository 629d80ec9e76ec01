// A replay plan: one recorded HTTP response per entry, as the page tap will play it back.
// Plain data only, so the panel builds it (./plan.ts) and the bridge ships it.

export type IdField = 'threadId' | 'runId';

/** A byte range of the body holding a JSON string literal (quotes included) to replace. */
export interface IdPatch {
  readonly start: number;
  readonly end: number;
  readonly field: IdField;
}

/** One event's frame in the body: where it ends and what it is (for Step mode). */
export interface PlanEvent {
  readonly end: number;
  readonly type: string;
}

/** One recorded read: the body is delivered in these pieces, `at` ms after the start. */
export interface PlanChunk {
  readonly end: number;
  readonly at: number;
}

export interface ReplayRun {
  /** What the user picked, shown on the replayed run ("HAR customer.har #2"). */
  readonly source: string;
  readonly status: number;
  readonly contentType: string;
  readonly body: Uint8Array;
  /** Recorded chunk boundaries, in order; the last ends at body.length. */
  readonly chunks: readonly PlanChunk[];
  /** Event frames, in order (empty for bodies we cannot frame, e.g. proto). */
  readonly events: readonly PlanEvent[];
  /** Where RUN_STARTED / RUN_FINISHED / RUN_ERROR carry their ids. */
  readonly idPatches: readonly IdPatch[];
  /** The recorded request body (RunAgentInput text), to compare with the app's. */
  readonly requestBody?: string;
}

export type Pacing =
  | { readonly kind: 'recorded' }
  | { readonly kind: 'faster'; readonly factor: number }
  | { readonly kind: 'instant' }
  | { readonly kind: 'step' };

/** What the tap receives for one run: pieces to enqueue, each at its time (step: by release). */
export interface PlayPiece {
  readonly end: number;
  readonly at: number;
}
