// Open chunk streams, one per lane. A lane is the opener's subagentRunId (undefined =
// the parent agent), exactly as the 1.0 client keys its pending state.
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { ExpandIssue } from './types.js';
import { CHUNK_KINDS, idPayload, type ChunkKind } from './chunk-kinds.js';

export type Lane = string | undefined;

export interface OpenStream {
  readonly kind: ChunkKind;
  readonly id: string;
  readonly lane: Lane;
  /** The opening chunk's own subagentRunId (what synthesized events carry). */
  readonly tag: string | undefined;
  /** toolCallName (undefined when the opener lacked one) or the text message's name. */
  readonly name: string | undefined;
  /** Text only: the role the START carried ('assistant' when the chunk had none). */
  readonly role: string | undefined;
  readonly parentMessageId: string | undefined;
}

export interface Output {
  readonly events: ExpandedEvent[];
  readonly issues: ExpandIssue[];
}

export function quote(value: string | undefined): string {
  return value === undefined ? '(absent)' : `"${value.length > 80 ? `${value.slice(0, 80)}…` : value}"`;
}

export function describeLane(lane: Lane): string {
  return lane === undefined ? 'the parent agent' : `subagent ${quote(lane)}`;
}

function describeCloser(raw: RawEvent): string {
  return `${raw.type === '' ? 'an event' : raw.type} (event #${raw.index})`;
}

export class Lanes {
  /** The open streams by lane; the expander reads the map itself on its hot path. */
  constructor(private readonly open: Map<Lane, OpenStream> = new Map()) {}

  /** No chunk stream is open in any lane. */
  get empty(): boolean {
    return this.open.size === 0;
  }

  get(lane: Lane): OpenStream | undefined {
    return this.open.get(lane);
  }

  set(stream: OpenStream): void {
    this.open.set(stream.lane, stream);
  }

  /** The lane whose open stream of this kind has this id. */
  find(kind: ChunkKind, id: string): OpenStream | undefined {
    for (const stream of this.open.values()) if (stream.kind === kind && stream.id === id) return stream;
    return undefined;
  }

  ofKind(kind: ChunkKind): OpenStream[] {
    return [...this.open.values()].filter((stream) => stream.kind === kind);
  }

  /**
   * Close a lane's stream: the implicit END goes out before the event that caused it.
   * The END's `raw` is that closing event too, so wire indexes stay in order.
   */
  close(lane: Lane, closedBy: RawEvent, out: Output): void {
    const stream = this.open.get(lane);
    if (stream === undefined) return;
    this.open.delete(lane);
    const info = CHUNK_KINDS[stream.kind];
    out.events.push({
      type: info.endType,
      payload:
        stream.tag === undefined
          ? idPayload(info.endType, info.idField, stream.id)
          : { type: info.endType, [info.idField]: stream.id, subagentRunId: stream.tag },
      raw: closedBy,
      synthesized: 'implicit-end',
      closedBy,
    });
    if (info.rules.implicitEnd !== undefined) {
      const rule = info.rules.implicitEnd;
      const message = `${info.endType} for chunked ${info.noun} ${quote(stream.id)} synthesized because ${describeCloser(closedBy)} closed the chunk stream of ${describeLane(lane)}`;
      // Two literals rather than a conditional spread (see plainStartPayload in expand-chunk.ts).
      out.issues.push(
        stream.kind === 'tool'
          ? { rule, message, raw: closedBy, toolCallId: stream.id }
          : { rule, message, raw: closedBy },
      );
    }
  }

  closeAll(closedBy: RawEvent, out: Output): void {
    for (const lane of [...this.open.keys()]) this.close(lane, closedBy, out);
  }

  clear(): void {
    this.open.clear();
  }
}
