// Each call id's distinguishing part among the calls of its run (the sibling lanes a reader
// compares), cached per run until the run gains a call.
import type { RunModel } from '../../core/model/types.js';
import { distinguishingParts, partOf, type DistinguishingPart } from '../core-deps.js';

const cache = new WeakMap<readonly unknown[], { count: number; parts: ReadonlyMap<string, DistinguishingPart> }>();

export function callIdPart(run: RunModel, toolCallId: string): DistinguishingPart {
  const calls = run.toolCalls;
  let hit = cache.get(calls);
  if (!hit || hit.count !== calls.length) {
    hit = { count: calls.length, parts: distinguishingParts(calls.map((c) => c.toolCallId)) };
    cache.set(calls, hit);
  }
  return hit.parts.get(toolCallId) ?? partOf(toolCallId, 4);
}

const messageCache = new WeakMap<
  readonly unknown[],
  { count: number; parts: ReadonlyMap<string, DistinguishingPart> }
>();

/** A message id's distinguishing part among the messages of its run. */
export function messageIdPart(run: RunModel, messageId: string): DistinguishingPart {
  const messages = run.messages;
  let hit = messageCache.get(messages);
  if (!hit || hit.count !== messages.length) {
    hit = { count: messages.length, parts: distinguishingParts(messages.map((m) => m.messageId)) };
    messageCache.set(messages, hit);
  }
  return hit.parts.get(messageId) ?? partOf(messageId, 4);
}
