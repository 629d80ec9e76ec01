// Where a finding happened, named as the views name things: its run's label, its call (tool
// name and the distinguishing part of the id among the run's calls) or message, its event.
import type { Finding } from '../../core/findings.js';
import type { RunModel } from '../../core/model/types.js';
import { distinguishingParts, partOf } from '../core-deps.js';
import { callIdPart } from './call-id-parts.js';
import type { RunLabelIndex } from './run-labels.js';

export interface FindingPlace {
  /** `#3` (or '' outside any run). */
  readonly run: string;
  readonly runTitle: string;
  /** `get_weather …dd61c`, `msg …a1b2`, or `event #12`. */
  readonly target: string;
  readonly targetTitle: string;
  /** `run #3 · call get_weather …dd61c · event #12`: the one-line "where". */
  readonly where: string;
}

interface PlaceLookup {
  findRunAt(streamId: string, wireIndex: number): RunModel | undefined;
  readonly runLabels: { readonly value: RunLabelIndex };
}

export function findingPlace(store: PlaceLookup, f: Finding): FindingPlace {
  const event = f.events[0];
  const run = store.findRunAt(f.streamId, event ?? 0);
  const label = run ? store.runLabels.value.of(run) : undefined;
  // A failed request (or a body without any event) has no event to point at.
  const eventText = event === undefined ? 'no event' : `event #${event}`;
  let target = eventText;
  let targetTitle = eventText;
  if (f.toolCallId !== undefined) {
    const call = run?.toolCalls.find((c) => c.toolCallId === f.toolCallId);
    const part = run ? callIdPart(run, f.toolCallId) : partOf(f.toolCallId, 6);
    target = `${call ? `${call.name} ` : ''}${part.text}`;
    targetTitle = `call ${f.toolCallId}${call ? ` (${call.name})` : ''}`;
  } else if (f.messageId !== undefined) {
    const ids = run?.messages.map((m) => m.messageId) ?? [f.messageId];
    const part = distinguishingParts(ids).get(f.messageId) ?? partOf(f.messageId, 6);
    target = `msg ${part.text}`;
    targetTitle = `message ${f.messageId}`;
  }
  const where = [
    label ? `run ${label.number || label.run}` : undefined,
    f.toolCallId !== undefined || f.messageId !== undefined ? targetTitle : undefined,
    eventText,
  ]
    .filter((s) => s !== undefined)
    .join(' · ');
  return {
    run: label?.number ?? '',
    runTitle: label?.title ?? 'outside any run',
    target,
    targetTitle,
    where,
  };
}
