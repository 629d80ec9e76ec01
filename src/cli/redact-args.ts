// `agui-inspector redact FILE -o OUT [--hide-lengths] [--strict]`: its own options, parsed apart
// from lint's so the two commands evolve independently.
import { parseOptions } from './parse-options.js';

export interface RedactCommand {
  readonly kind: 'redact';
  readonly file: string;
  readonly out: string;
  readonly hideLengths: boolean;
  /** Ids, names, state keys, URL path segments… become per-file pseudonyms too. */
  readonly strict: boolean;
}

export type RedactParse =
  RedactCommand | { readonly kind: 'usage-error'; readonly message: string } | { readonly kind: 'help' };

/** argv after the word `redact`. */
export function parseRedact(argv: readonly string[]): RedactParse {
  const parsed = parseOptions(argv, {
    out: { type: 'string', short: 'o' },
    'hide-lengths': { type: 'boolean' },
    strict: { type: 'boolean' },
  });
  if (parsed.kind !== 'parsed') return parsed;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return { kind: 'usage-error', message: 'redact takes exactly one FILE' };
  const out = values.out;
  if (out === undefined || out === '')
    return { kind: 'usage-error', message: 'redact needs -o OUT (the file to write)' };
  const file = positionals[0]!;
  // Overwriting the only copy of a customer's file with a redacted one is never wanted.
  if (out === file) return { kind: 'usage-error', message: 'redact: OUT must differ from FILE' };
  return { kind: 'redact', file, out, hideLengths: values['hide-lengths'] === true, strict: values.strict === true };
}
