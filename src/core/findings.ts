// Findings and rule descriptors: the public vocabulary of the linter and the panel.
// Rule ids are a public contract (docs/rules.md): stable, never reused.

export type Severity = 'error' | 'warning' | 'notice';
export type ClientThrows = '0.x' | '1.0' | 'both' | 'no';
export type RuleNeeds = 'stream' | 'input' | 'next';
/**
 * The clients a verdict can be given for: `1.0` is npm `@ag-ui/client` 1.0 (what `client`
 * describes), `next` the client the draft specification describes.
 */
export type ClientProfile = '1.0' | 'next';

export interface RuleInfo {
  readonly id: string;
  readonly severity: Severity;
  readonly fatal: boolean;
  readonly client: ClientThrows;
  /** Whether the `next` client rejects the stream here; absent: as the 1.0 client does. */
  readonly next?: boolean;
  readonly needs: RuleNeeds;
  /** Where the spec says so, e.g. "Tools › Error Handling" or "@ag-ui/client verifyEvents". */
  readonly specRef: string;
  /** The spec sentence(s) the rule enforces, quoted. */
  readonly specText: string;
  /** One line a developer can act on. */
  readonly explain: string;
}

export interface Finding {
  readonly rule: string;
  readonly severity: Severity;
  readonly message: string;
  readonly streamId: string;
  readonly threadId?: string;
  readonly runId?: string;
  /** Raw event indexes (in the stream) that caused the finding; first is the main one. */
  readonly events: readonly number[];
  readonly toolCallId?: string;
  readonly messageId?: string;
  /** Arrival time of the main event, ms since epoch. */
  readonly t: number;
}
