// The A2UI check's memory in one run (RunState.a2ui): each source's latest messages and
// where they arrived, judged when the run ends (./a2ui.ts).
import type { A2uiMessage } from '../a2ui/messages.js';
import type { At } from './out.js';

export interface A2uiSource {
  /** "activity 'id'", "the arguments of call 'id'", "the result of call 'id'". */
  readonly label: string;
  readonly activity: boolean;
  messages: readonly A2uiMessage[];
  at: At;
}

/** Source key → its latest messages. */
export type A2uiRunState = Map<string, A2uiSource>;
