// A probe script: the runs `agui-inspector probe` sends, as data (docs/probe.md). A step
// is one kind of exchange; its fields are what goes into the RunAgentInput and what the
// answer must show. Scripts come from files (JSON or YAML) or default-script.ts.

export const STEP_KINDS = ['turn', 'frontend-tool', 'state', 'two-runs', 'cancel', 'malformed', 'concurrent'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** A message as RunAgentInput carries it; `id` is filled in when absent. */
export interface ScriptMessage {
  readonly id?: string;
  readonly role: string;
  readonly content?: unknown;
  readonly toolCallId?: string;
  readonly [field: string]: unknown;
}

export interface ScriptTool {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: unknown;
}

/** What the answer must show, beyond the protocol rules and the step's own contract. */
export interface Expectations {
  /** Event types that must appear (wire events or the events chunks expand to). */
  readonly events?: readonly string[];
  /** Tool names the server must call. */
  readonly toolCalls?: readonly string[];
  /** Top-level state fields the final state must hold with these values. */
  readonly state?: Readonly<Record<string, unknown>>;
}

export interface ProbeStep {
  readonly name: string;
  readonly kind: StepKind;
  readonly messages?: readonly ScriptMessage[];
  readonly tools?: readonly ScriptTool[];
  readonly state?: unknown;
  readonly context?: readonly unknown[];
  readonly forwardedProps?: unknown;
  /** Per request; the probe gives up and reports a hang after this many ms. */
  readonly timeoutMs?: number;
  readonly expect?: Expectations;
  /** frontend-tool: the content the probe sends back as the tool's result. */
  readonly toolResult?: string;
  /** two-runs: the new messages of the second run; cancel: of the run after the cancel. */
  readonly followUp?: readonly ScriptMessage[];
  /** cancel: abort after this many events. */
  readonly cancelAfterEvents?: number;
  /** cancel: how long the server has to close the connection after the abort. */
  readonly graceMs?: number;
  /** malformed: the raw request body. */
  readonly body?: string;
  /** concurrent: how many runs at once. */
  readonly runs?: number;
}

export interface ProbeScript {
  readonly steps: readonly ProbeStep[];
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const MALFORMED_TIMEOUT_MS = 10_000;
export const DEFAULT_GRACE_MS = 2_000;
