// Redaction of one stream's events, whatever carries them: JSON texts (SSE data,
// EventSource messages, JSONL lines) are redacted in place; parsed events go through
// the same lexer as their JSON text. Argument deltas are planned across the stream.
import { planArgsDeltas } from './args-deltas.js';
import { redactJsonText, type LexContext } from './json-lex.js';
import type { RedactionReport, RedactOptions } from './options.js';
import { isRecord, parseJson } from '../text.js';

export const typeOf = (payload: unknown): string | undefined =>
  isRecord(payload) && typeof payload['type'] === 'string' ? payload['type'] : undefined;

export interface StreamRedactor {
  /** Redacts the JSON text of the event in `slot` (the text it was planned with). */
  readonly text: (slot: number, text: string) => ReturnType<typeof redactJsonText>;
  /** Redacts a parsed event; the result has the same types at the same places. */
  readonly value: (slot: number, value: unknown) => unknown;
  /** Redacts the JSON text of the whole list of events (a JSON array file). */
  readonly list: (text: string) => ReturnType<typeof redactJsonText>;
}

/** Redacts one event's JSON text, given its type and the stream's planned argument deltas. */
export type EventRedactor = (slot: number, type: string | undefined, json: string) => ReturnType<typeof redactJsonText>;

/**
 * The per-event half of a stream's redaction, for a stream read in blocks: the argument
 * deltas were planned beforehand (planArgsDeltas over the stream's argument events).
 */
export function eventRedactor(
  args: ReadonlyMap<number, string>,
  options: RedactOptions,
  report: RedactionReport,
): EventRedactor {
  const ctx: LexContext = { options, report, argsDelta: (slot) => args.get(slot) };
  return (slot, type, json) => redactJsonText(json, { k: 'event', type, slot }, ctx);
}

/** Plans one stream from its events in order (undefined where a frame did not parse). */
export function streamRedactor(
  payloads: readonly unknown[],
  options: RedactOptions,
  report: RedactionReport,
): StreamRedactor {
  const base: LexContext = { options, report };
  const args = planArgsDeltas(payloads, base);
  const ctx: LexContext = { ...base, argsDelta: (slot) => args.get(slot) };
  const text = (slot: number, json: string) =>
    redactJsonText(json, { k: 'event', type: typeOf(payloads[slot]), slot }, ctx);
  return {
    text,
    list: (json) => redactJsonText(json, { k: 'eventList', types: payloads.map(typeOf) }, ctx),
    value: (slot, value) => {
      if (value === undefined) return undefined;
      const parsed = parseJson(text(slot, JSON.stringify(value)).text);
      // Masks keep JSON valid; should that ever fail, drop the value rather than leak it.
      return parsed.ok ? parsed.value : null;
    },
  };
}

/** Parses each text (undefined where it is not JSON), for planning. */
export function parseAll(texts: readonly string[]): unknown[] {
  return texts.map((t) => {
    const parsed = parseJson(t);
    return parsed.ok ? parsed.value : undefined;
  });
}
