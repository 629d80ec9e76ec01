// agui-inspector.config.json: lint settings for a project, found by walking up from the
// working directory (as ESLint and Prettier find theirs). Bad content is a usage error
// naming the file, never silently ignored.
import { dirname, join, resolve } from 'node:path';
import type { Severity } from '../../core/findings.js';
import { isRecord } from '../core-deps.js';
import type { BudgetThresholds } from '../../core/stats/budget-notices.js';
import { parseBudget } from './budget-config.js';
import { isMissing, readError, type CliIo } from '../io.js';
import { checkRule, FORMATS, mustBe, oneOf, SEVERITIES, type LintFormat, type RuleSetting } from './settings.js';

export const CONFIG_NAME = 'agui-inspector.config.json';

export interface LintConfig {
  readonly path: string;
  readonly format?: LintFormat;
  readonly minSeverity?: Severity;
  readonly failOn?: Severity;
  readonly rules: ReadonlyMap<string, RuleSetting>;
  /** Thresholds of the payload budget's notices (defaults when the file sets none). */
  readonly budget: BudgetThresholds;
  /** "a2uiCatalogue": the application's A2UI catalogue file, resolved against the config's folder. */
  readonly a2uiCatalogue?: string;
}

export type ConfigResult =
  { readonly ok: true; readonly config?: LintConfig } | { readonly ok: false; readonly message: string };

const KEYS = new Set(['$schema', 'format', 'minSeverity', 'failOn', 'rules', 'budget', 'a2uiCatalogue']);

export function parseConfig(path: string, text: string): ConfigResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `${path}: not valid JSON (${e instanceof Error ? e.message : String(e)})` };
  }
  if (!isRecord(value)) return { ok: false, message: `${path}: must hold one JSON object` };
  const unknown = Object.keys(value).find((k) => !KEYS.has(k));
  if (unknown !== undefined)
    return {
      ok: false,
      message: `${path}: unknown setting ${JSON.stringify(unknown)} (known: format, minSeverity, failOn, rules, budget, a2uiCatalogue)`,
    };
  const pick = <T extends string>(key: string, allowed: readonly T[]): T | undefined | Error => {
    if (value[key] === undefined) return undefined;
    return oneOf(value[key], allowed) ?? new Error(`${path}: ${mustBe(key, allowed, value[key])}`);
  };
  const format = pick('format', FORMATS);
  const minSeverity = pick('minSeverity', SEVERITIES);
  const failOn = pick('failOn', SEVERITIES);
  for (const v of [format, minSeverity, failOn]) if (v instanceof Error) return { ok: false, message: v.message };
  const rules = new Map<string, RuleSetting>();
  const rawRules = value['rules'] ?? {};
  if (!isRecord(rawRules))
    return { ok: false, message: `${path}: "rules" must be an object of rule id → off|error|warning|notice` };
  for (const [id, setting] of Object.entries(rawRules)) {
    const checked = checkRule(id, setting, `${path}: rules`);
    if (!checked.ok) return { ok: false, message: checked.message };
    rules.set(id, checked.setting);
  }
  const budget = parseBudget(path, value['budget']);
  if (typeof budget === 'string') return { ok: false, message: budget };
  const a2ui = value['a2uiCatalogue'];
  if (a2ui !== undefined && (typeof a2ui !== 'string' || a2ui === ''))
    return { ok: false, message: `${path}: "a2uiCatalogue" must be the path of an A2UI catalogue JSON file` };
  const config: LintConfig = {
    path,
    budget,
    ...(typeof a2ui === 'string' ? { a2uiCatalogue: resolve(dirname(path), a2ui) } : {}),
    ...(typeof format === 'string' ? { format } : {}),
    ...(typeof minSeverity === 'string' ? { minSeverity } : {}),
    ...(typeof failOn === 'string' ? { failOn } : {}),
    rules,
  };
  return { ok: true, config };
}

async function readText(io: CliIo, path: string): Promise<string | undefined | Error> {
  try {
    return new TextDecoder().decode(await io.readFile(path));
  } catch (e) {
    return isMissing(e) ? undefined : new Error(`${path}: cannot read file: ${readError(e)}`);
  }
}

/** The explicit --config file, else the nearest agui-inspector.config.json above io.cwd. */
export async function loadConfig(io: CliIo, explicit: string | undefined): Promise<ConfigResult> {
  if (explicit !== undefined) {
    const path = resolve(io.cwd ?? '.', explicit);
    const text = await readText(io, path);
    if (text === undefined) return { ok: false, message: `${explicit}: cannot read file: no such file` };
    if (text instanceof Error) return { ok: false, message: text.message };
    return parseConfig(explicit, text);
  }
  if (io.cwd === undefined) return { ok: true };
  for (let dir = resolve(io.cwd); ; dir = dirname(dir)) {
    const path = join(dir, CONFIG_NAME);
    const text = await readText(io, path);
    if (text instanceof Error) return { ok: false, message: text.message };
    if (text !== undefined) return parseConfig(path, text);
    if (dirname(dir) === dir) return { ok: true };
  }
}
