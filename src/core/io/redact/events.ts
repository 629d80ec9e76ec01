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

/** Redacts one event's JSON text, given its parsed value (undefined when it is not JSON). */
export type EventRedactor = (slot: number, payload: unknown, json: string) => ReturnType<typeof redactJsonText>;

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
