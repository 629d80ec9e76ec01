// The three chunk shorthands expand the same way (as `@ag-ui/client`'s transformChunks does);
// what differs between them is data: type names, the id field, the fields a
// continuation may repeat, and the rule ids their problems report under.

import type { RuleId } from '../catalogue/catalogue.js';

export type ChunkKind = 'text' | 'tool' | 'reasoning';

export interface ChunkRules {
  readonly missingId: RuleId;
  readonly ambiguous: RuleId;
  readonly ownerMismatch: RuleId;
  readonly missingName?: RuleId;
  readonly nameConflict?: RuleId;
  readonly parentConflict?: RuleId;
  readonly roleConflict?: RuleId;
  /** Only tool calls have a catalogue rule for implicit ENDs. */
  readonly implicitEnd?: RuleId;
}

export interface ChunkKindInfo {
  readonly kind: ChunkKind;
  readonly chunkType: string;
  readonly startType: string;
  readonly contentType: string;
  readonly endType: string;
  readonly idField: 'toolCallId' | 'messageId';
  /** How messages name the item: "call", "text message", "reasoning message". */
  readonly noun: string;
  /** Fields of the chunk schema (1.0); anything else rides along on the synthesized content event. */
  readonly known: ReadonlySet<string>;
  readonly rules: ChunkRules;
}

const BASE = ['type', 'timestamp', 'rawEvent', 'metadata', 'subagentRunId'];

// Owner clashes use the catalogue's owner-mismatch ids; the text and reasoning ids
// follow the tool-call pattern and live in text-messages.ts / steps-reasoning.ts.
export const CHUNK_KINDS: Readonly<Record<ChunkKind, ChunkKindInfo>> = {
  tool: {
    kind: 'tool',
    chunkType: 'TOOL_CALL_CHUNK',
    startType: 'TOOL_CALL_START',
    contentType: 'TOOL_CALL_ARGS',
    endType: 'TOOL_CALL_END',
    idField: 'toolCallId',
    noun: 'call',
    known: new Set([...BASE, 'toolCallId', 'toolCallName', 'parentMessageId', 'delta']),
    rules: {
      missingId: 'tool-call/chunk-missing-id',
      missingName: 'tool-call/chunk-missing-name',
      nameConflict: 'tool-call/chunk-name-conflict',
      parentConflict: 'tool-call/chunk-parent-conflict',
      ambiguous: 'tool-call/chunk-ambiguous',
      ownerMismatch: 'tool-call/owner-mismatch',
      implicitEnd: 'tool-call/chunk-implicit-end',
    },
  },
  text: {
    kind: 'text',
    chunkType: 'TEXT_MESSAGE_CHUNK',
    startType: 'TEXT_MESSAGE_START',
    contentType: 'TEXT_MESSAGE_CONTENT',
    endType: 'TEXT_MESSAGE_END',
    idField: 'messageId',
    noun: 'text message',
    known: new Set([...BASE, 'messageId', 'role', 'delta', 'name']),
    rules: {
      missingId: 'text-message/chunk-missing-id',
      nameConflict: 'text-message/chunk-name-conflict',
      roleConflict: 'text-message/chunk-role-conflict',
      ambiguous: 'text-message/chunk-ambiguous',
      ownerMismatch: 'attribution/owner-mismatch',
    },
  },
  reasoning: {
    kind: 'reasoning',
    chunkType: 'REASONING_MESSAGE_CHUNK',
    startType: 'REASONING_MESSAGE_START',
    contentType: 'REASONING_MESSAGE_CONTENT',
    endType: 'REASONING_MESSAGE_END',
    idField: 'messageId',
    noun: 'reasoning message',
    known: new Set([...BASE, 'messageId', 'delta']),
    rules: {
      missingId: 'reasoning/chunk-missing-id',
      ambiguous: 'reasoning/chunk-ambiguous',
      ownerMismatch: 'attribution/owner-mismatch',
    },
  },
};

export function chunkKindOf(type: string): ChunkKind | undefined {
  if (type === 'TOOL_CALL_CHUNK') return 'tool';
  if (type === 'TEXT_MESSAGE_CHUNK') return 'text';
  if (type === 'REASONING_MESSAGE_CHUNK') return 'reasoning';
  return undefined;
}

/** Every rule id chunk expansion can report, for the rules table to cross-check. */
export const EXPAND_RULE_IDS: readonly string[] = [
  ...new Set(
    Object.values(CHUNK_KINDS)
      .flatMap((info) => Object.values(info.rules))
      .concat('tool-call/chunk-mixed-forms', 'tool-call/chunk-mixed-forms-cross-lane'),
  ),
];

/**
 * A synthesized event's payload that names only its type, id and delta: a literal per id
 * field, not a computed key (see plainStartPayload in expand-chunk.ts).
 */
export function idPayload(
  type: string,
  idField: ChunkKindInfo['idField'],
  id: string,
  delta?: string,
): Record<string, unknown> {
  if (delta === undefined) return idField === 'toolCallId' ? { type, toolCallId: id } : { type, messageId: id };
  return idField === 'toolCallId' ? { type, toolCallId: id, delta } : { type, messageId: id, delta };
}
