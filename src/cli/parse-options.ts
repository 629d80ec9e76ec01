// node:util parseArgs for one command: strict, positionals allowed, a bad option becomes
// a usage message instead of a throw, and `--help`/`-h` is answered for every command.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O & typeof HELP; allowPositionals: true; strict: true }>
>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

export type OptionsParse<O extends Options> =
  | { readonly kind: 'parsed'; readonly values: Parsed<O>['values']; readonly positionals: string[] }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage-error'; readonly message: string };

export function parseOptions<O extends Options>(argv: readonly string[], options: O): OptionsParse<O> {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: { ...options, ...HELP } });
  } catch (e) {
    return { kind: 'usage-error', message: e instanceof Error ? e.message : String(e) };
  }
  if ((parsed.values as { help?: boolean }).help === true) return { kind: 'help' };
  return { kind: 'parsed', values: parsed.values, positionals: parsed.positionals };
}
