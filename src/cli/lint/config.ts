// agui-inspector.config.json for the CLI: the core's shared settings (src/core/policy/
// config-file.ts: found from the working directory upward, as ESLint and Prettier find
// theirs) plus what only lint reads (format, budget). lint and probe read it. Bad content
// is a usage error naming the file, never silently ignored.
import { dirname, resolve } from 'node:path';
import type { ClientProfile, Severity } from '../../core/findings.js';
import type { BudgetThresholds } from '../../core/stats/budget-notices.js';
import { findConfigFile, parseSharedConfig } from '../core-deps.js';
import { parseBudget } from './budget-config.js';
import { isMissing, readError, type CliIo } from '../io.js';
import { FORMATS, mustBe, oneOf, type LintFormat, type RuleSetting } from './settings.js';

export { CONFIG_NAME } from '../core-deps.js';

export interface LintConfig {
  readonly path: string;
  readonly format?: LintFormat;
  readonly minSeverity?: Severity;
  readonly failOn?: Severity;
  readonly profile?: ClientProfile;
  readonly rules: ReadonlyMap<string, RuleSetting>;
  readonly ignoreUrls: readonly string[];
  /** Thresholds of the payload budget's notices (defaults when the file sets none). */
  readonly budget: BudgetThresholds;
  /** "a2uiCatalogue": the application's A2UI catalogue file, resolved against the config's folder. */
  readonly a2uiCatalogue?: string;
}

export type ConfigResult =
  { readonly ok: true; readonly config?: LintConfig } | { readonly ok: false; readonly message: string };

export function parseConfig(path: string, text: string): ConfigResult {
  const shared = parseSharedConfig(path, text);
  if (!shared.ok) return shared;
  const { raw, ...config } = shared.config;
  const format = raw['format'] === undefined ? undefined : oneOf(raw['format'], FORMATS);
  if (raw['format'] !== undefined && format === undefined)
    return { ok: false, message: `${path}: ${mustBe('format', FORMATS, raw['format'])}` };
  const budget = parseBudget(path, raw['budget']);
  if (typeof budget === 'string') return { ok: false, message: budget };
  const a2ui = raw['a2uiCatalogue'];
  if (a2ui !== undefined && (typeof a2ui !== 'string' || a2ui === ''))
    return { ok: false, message: `${path}: "a2uiCatalogue" must be the path of an A2UI catalogue JSON file` };
  return {
    ok: true,
    config: {
      ...config,
      budget,
      ...(typeof a2ui === 'string' ? { a2uiCatalogue: resolve(dirname(path), a2ui) } : {}),
      ...(format !== undefined ? { format } : {}),
    },
  };
}

async function readText(io: CliIo, path: string): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await io.readFile(path));
  } catch (e) {
    if (isMissing(e)) return undefined;
    throw new Error(`${path}: cannot read file: ${readError(e)}`);
  }
}

/** The explicit --config file, else the nearest agui-inspector.config.json above io.cwd. */
export async function loadConfig(io: CliIo, explicit: string | undefined): Promise<ConfigResult> {
  try {
    if (explicit !== undefined) {
      const text = await readText(io, resolve(io.cwd ?? '.', explicit));
      if (text === undefined) return { ok: false, message: `${explicit}: cannot read file: no such file` };
      return parseConfig(explicit, text);
    }
    if (io.cwd === undefined) return { ok: true };
    const found = await findConfigFile((path) => readText(io, path), resolve(io.cwd));
    return found === undefined ? { ok: true } : parseConfig(found.path, found.text);
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}
