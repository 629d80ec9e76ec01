import type { RuleId } from '../catalogue/catalogue.js';

// What a check reports into: the engine fills in stream, thread, run and severity
// (from the catalogue), so a check names only the rule, the words and the place.

export interface At {
  /** Raw wire indexes; the first is the main one. */
  readonly events: readonly number[];
  readonly t: number;
  readonly toolCallId?: string;
  readonly messageId?: string;
  /** Override the current run's ids (cross-run findings). */
  readonly streamId?: string;
  readonly runId?: string;
  readonly threadId?: string;
}

export interface Out {
  add(rule: RuleId, message: string, at: At): void;
}
