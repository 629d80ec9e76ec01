// `agui-inspector redact FILE -o OUT [--hide-lengths]`: its own options, parsed apart
// from lint's so the two commands evolve independently.
import { parseArgs } from 'node:util';

export interface RedactCommand {
  readonly kind: 'redact';
  readonly file: string;
  readonly out: string;
  readonly hideLengths: boolean;
}

export type RedactParse = RedactCommand | { readonly kind: 'usage-error'; readonly message: string } | { readonly kind: 'help' };

/** argv after the word `redact`. */
export function parseRedact(argv: readonly string[]): RedactParse {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        out: { type: 'string', short: 'o' },
        'hide-lengths': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    return { kind: 'usage-error', message: e instanceof Error ? e.message : String(e) };
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };
  if (positionals.length !== 1) return { kind: 'usage-error', message: 'redact takes exactly one FILE' };
  const out = values.out;
  if (out === undefined || out === '') return { kind: 'usage-error', message: 'redact needs -o OUT (the file to write)' };
  const file = positionals[0]!;
  // Overwriting the only copy of a customer's file with a redacted one is never wanted.
  if (out === file) return { kind: 'usage-error', message: 'redact: OUT must differ from FILE' };
  return { kind: 'redact', file, out, hideLengths: values['hide-lengths'] === true };
}
