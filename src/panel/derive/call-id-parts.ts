// Each call id's (or message id's) distinguishing part among the calls (messages) of its
// run: the sibling lanes and rows a reader compares. Cached per run until the list grows.
import type { RunModel } from '../../core/model/types.js';
import { distinguishingParts, partOf, type DistinguishingPart } from '../core-deps.js';

type Parts = ReadonlyMap<string, DistinguishingPart>;

/** `id`'s part among the ids of `list`, whose parts `cache` keeps per list and length. */
function partAmong<T>(
  cache: WeakMap<readonly T[], { count: number; parts: Parts }>,
  list: readonly T[],
  idOf: (item: T) => string,
  id: string,
): DistinguishingPart {
  let hit = cache.get(list);
  if (!hit || hit.count !== list.length) {
    hit = { count: list.length, parts: distinguishingParts(list.map(idOf)) };
    cache.set(list, hit);
  }
  return hit.parts.get(id) ?? partOf(id, 4);
}

type Call = RunModel['toolCalls'][number];
type Message = RunModel['messages'][number];
const callCache = new WeakMap<readonly Call[], { count: number; parts: Parts }>();
const messageCache = new WeakMap<readonly Message[], { count: number; parts: Parts }>();

export function callIdPart(run: RunModel, toolCallId: string): DistinguishingPart {
  return partAmong(callCache, run.toolCalls, (c) => c.toolCallId, toolCallId);
}

/** A message id's distinguishing part among the messages of its run. */
export function messageIdPart(run: RunModel, messageId: string): DistinguishingPart {
  return partAmong(messageCache, run.messages, (m) => m.messageId, messageId);
}
