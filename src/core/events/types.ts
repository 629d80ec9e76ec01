// Decoded events as the core sees them. Payloads stay untrusted `unknown` data with
// accessors; only the fields a rule needs are read, each through a checked accessor.

/** Where an event came from in its stream: the byte range covers the whole frame. */
export interface WireSpan {
  readonly start: number;
  readonly end: number;
}

/** What a current client silently strips, drops or reinterprets (and warns about). */
export type ClientAdjustment =
  | 'unknown-property'
  | 'unknown-outcome'
  | 'unknown-content-part'
  | 'newer-version'
  | 'unreadable-version'
  | 'retired-type';

export type EventProblem =
  | { readonly kind: 'invalid-json'; readonly message: string; readonly text: string }
  | { readonly kind: 'not-an-object'; readonly message: string }
  | { readonly kind: 'malformed'; readonly field: string; readonly message: string }
  | { readonly kind: 'null-field'; readonly field: string; readonly message: string }
  | { readonly kind: 'unknown-type'; readonly message: string }
  /** Legal, but the client changes what it delivers: `field` is the JSON pointer it names. */
  | { readonly kind: 'adjusted'; readonly what: ClientAdjustment; readonly field: string; readonly message: string }
  | { readonly kind: 'truncated-frame'; readonly message: string }
  | { readonly kind: 'invalid-utf8'; readonly message: string };

/** One event as it arrived on the wire (before chunk expansion). */
export interface RawEvent {
  /** Position in its stream, 0-based, counting every frame including undecodable ones. */
  readonly index: number;
  readonly streamId: string;
  /** Arrival time, ms since epoch (the time of the chunk that completed the frame). */
  readonly t: number;
  readonly span: WireSpan;
  /** The event `type` when it has a string one; '' otherwise. */
  readonly type: string;
  /** The parsed payload (an object for well-formed events), or undefined when unparsable. */
  readonly payload: unknown;
  /** SSE `event:` and `id:` fields when present (they carry no AG-UI meaning). */
  readonly sseEvent?: string;
  readonly sseId?: string;
  readonly problems: readonly EventProblem[];
}

/** An event after chunk expansion: what the rules and the model consume. */
export interface ExpandedEvent {
  readonly type: string;
  readonly payload: Readonly<Record<string, unknown>>;
  /** The raw event that caused this one. */
  readonly raw: RawEvent;
  /**
   * Set when expansion made this event up (START/ARGS/END from chunks, implicit END) or
   * translated it (a retired THINKING_* event into the REASONING_* event the client makes of it).
   */
  readonly synthesized?: 'chunk-start' | 'chunk-args' | 'implicit-end' | 'translated';
  /** For an implicit END: the raw event whose arrival closed the chunked call. */
  readonly closedBy?: RawEvent;
}
