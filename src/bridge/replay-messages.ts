// The replay controls (panel → service worker → relay of that tab's top frame → page tap).
// Declared beside ./messages.ts, which includes them in PanelMessage. Only the panel can
// send them: the router takes panel messages from the extension's own pages only, and the
// relay hands them to the tap over the private MessagePort the page never sees.

/** What a replayed run says about itself, in either form below. */
interface ReplayRunHead {
  /** What was picked ("this tab, run 2", "customer.har #1"): lands on the replayed stream. */
  readonly source: string;
  /** The URL the run was recorded from, kept on the replayed stream (absent: none known). */
  readonly recordedUrl?: string;
  readonly status: number;
  readonly contentType: string;
}

/** One recorded response to answer an AG-UI request with. Bytes as base64 (JSON ports). */
export interface ReplayWireRun extends ReplayRunHead {
  readonly base64: string;
  /** Piece ends (bytes) and when each is due (ms after the response starts). */
  readonly ends: readonly number[];
  readonly at: readonly number[];
  /** [start, end, field] triples: 0 = threadId, 1 = runId (string literals in the body). */
  readonly patches: readonly number[];
}

/** The same run as the relay posts it to the tap: bytes and numbers as typed arrays. */
export interface ReplayTapRun extends ReplayRunHead {
  readonly bytes: Uint8Array;
  readonly ends: Float64Array;
  readonly at: Float64Array;
  readonly patches: Float64Array;
}

/** Arms a replay of `runs`, the panel's wire runs or the tap's typed ones. */
interface ReplayArm<Run> {
  readonly kind: 'replay-arm';
  readonly armId: string;
  readonly ttlMs: number;
  /** '' = any URL (see src/tap/replay-url.ts). */
  readonly pattern: string;
  /** Only requests whose URL path is exactly this, on any origin ('' or absent: any path). */
  readonly path?: string;
  readonly rewriteIds: boolean;
  /** Step mode: pieces go out only on 'replay-release'. */
  readonly step: boolean;
  readonly runs: readonly Run[];
}

export type ReplayPanelMessage =
  | ReplayArm<ReplayWireRun>
  /** Step mode: deliver pieces until `upTo` of the current run are out. */
  | { readonly kind: 'replay-release'; readonly armId: string; readonly upTo: number }
  /** End the replayed stream as a server disconnect would (a network error in the page). */
  | { readonly kind: 'replay-cancel'; readonly armId: string }
  | { readonly kind: 'replay-disarm'; readonly armId: string }
  /** Answer requests to this URL path too (any origin), beside the arm's own path: "Answer /agent too". */
  | { readonly kind: 'replay-also'; readonly armId: string; readonly path: string };

/** What the relay posts to the tap: the same, bytes and numbers as typed arrays. */
export type ReplayTapMessage = ReplayArm<ReplayTapRun> | Exclude<ReplayPanelMessage, ReplayArm<ReplayWireRun>>;

/** Upper bounds the guards enforce (the panel respects them). */
export const REPLAY_LIMITS = {
  runs: 64,
  /** Base64 characters per arm message, all runs together (~48 MB of body). */
  base64: 64 * 1024 * 1024,
  pieces: 2_000_000,
  ttlMs: 60 * 60 * 1000,
  patternLength: 2048,
  /** Paths an arm answers beside its own ('replay-also'). */
  alsoPaths: 16,
} as const;

export const DEFAULT_REPLAY_TTL_MS = 5 * 60 * 1000;
