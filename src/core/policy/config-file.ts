// agui-inspector.config.json: one file of settings for lint, probe and the Playwright
// fixture (rules, failOn, minSeverity, profile, ignoreUrls; lint also reads format and
// budget). Found as ESLint and Prettier find theirs: the nearest one from the working
// directory upward, unless a path is given. Pure: the caller reads files (a reader that
// answers undefined for a missing one) and resolves paths to absolute ones first.
import type { ClientProfile, Severity } from '../findings.js';
import { isRecord } from '../json-value.js';
import { CLIENT_PROFILES } from '../rules/profiles.js';
import { checkRule, mustBe, oneOf, SEVERITIES, type RuleSetting } from './rule-settings.js';

export const CONFIG_NAME = 'agui-inspector.config.json';

const KEYS = [
  '$schema',
  'format',
  'minSeverity',
  'failOn',
  'profile',
  'rules',
  'ignoreUrls',
  'budget',
  'a2uiCatalogue',
];

/** What every reader of the file shares; `raw` holds the rest for the reader it is for. */
export interface SharedConfig {
  readonly path: string;
  readonly minSeverity?: Severity;
  readonly failOn?: Severity;
  readonly profile?: ClientProfile;
  readonly rules: ReadonlyMap<string, RuleSetting>;
  /** Request URLs whose streams are not judged: `*` matches any run of characters, the rest itself. */
  readonly ignoreUrls: readonly string[];
  readonly raw: Readonly<Record<string, unknown>>;
}

export type SharedConfigResult =
  { readonly ok: true; readonly config: SharedConfig } | { readonly ok: false; readonly message: string };

export function parseSharedConfig(path: string, text: string): SharedConfigResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `${path}: not valid JSON (${e instanceof Error ? e.message : String(e)})` };
  }
  if (!isRecord(value)) return { ok: false, message: `${path}: must hold one JSON object` };
  const unknown = Object.keys(value).find((k) => !KEYS.includes(k));
  if (unknown !== undefined)
    return {
      ok: false,
      message: `${path}: unknown setting ${JSON.stringify(unknown)} (known: ${KEYS.filter((k) => k !== '$schema').join(', ')})`,
    };
  const pick = <T extends string>(key: string, allowed: readonly T[]): T | undefined | Error => {
    if (value[key] === undefined) return undefined;
    return oneOf(value[key], allowed) ?? new Error(`${path}: ${mustBe(key, allowed, value[key])}`);
  };
  const minSeverity = pick('minSeverity', SEVERITIES);
  const failOn = pick('failOn', SEVERITIES);
  const profile = pick('profile', CLIENT_PROFILES);
  for (const v of [minSeverity, failOn, profile]) if (v instanceof Error) return { ok: false, message: v.message };
  const rules = new Map<string, RuleSetting>();
  const rawRules = value['rules'] ?? {};
  if (!isRecord(rawRules))
    return { ok: false, message: `${path}: "rules" must be an object of rule id → off|error|warning|notice` };
  for (const [id, setting] of Object.entries(rawRules)) {
    const checked = checkRule(id, setting, `${path}: rules`);
    if (!checked.ok) return { ok: false, message: checked.message };
    rules.set(id, checked.setting);
  }
  const ignoreUrls = value['ignoreUrls'] ?? [];
  if (!Array.isArray(ignoreUrls) || !ignoreUrls.every((u): u is string => typeof u === 'string' && u !== ''))
    return { ok: false, message: `${path}: "ignoreUrls" must be an array of URL patterns (strings, * for any text)` };
  return {
    ok: true,
    config: {
      path,
      rules,
      ignoreUrls,
      raw: value,
      ...(typeof minSeverity === 'string' ? { minSeverity } : {}),
      ...(typeof failOn === 'string' ? { failOn } : {}),
      ...(typeof profile === 'string' ? { profile } : {}),
    },
  };
}

/** The folder above an absolute path (itself at the root), POSIX or Windows. */
export function parentDir(dir: string): string {
  const trimmed = dir.replace(/[\\/]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  if (cut < 0) return dir;
  const parent = trimmed.slice(0, cut);
  return parent === '' || /^[A-Za-z]:$/.test(parent) ? `${parent}${trimmed[cut]}` : parent;
}

const joinName = (dir: string, name: string): string =>
  `${dir}${/[\\/]$/.test(dir) ? '' : dir.includes('\\') && !dir.includes('/') ? '\\' : '/'}${name}`;

/** Where the config file may be, nearest first: `startDir` (absolute), then each folder above it. */
export function* configFileCandidates(startDir: string): Generator<string> {
  for (let dir = startDir; ; dir = parentDir(dir)) {
    yield joinName(dir, CONFIG_NAME);
    if (parentDir(dir) === dir) return;
  }
}

/** The nearest config file at or above `startDir` (absolute): its path and text, or undefined. */
export async function findConfigFile(
  read: (path: string) => Promise<string | undefined>,
  startDir: string,
): Promise<{ readonly path: string; readonly text: string } | undefined> {
  for (const path of configFileCandidates(startDir)) {
    const text = await read(path);
    if (text !== undefined) return { path, text };
  }
  return undefined;
}

/** findConfigFile for a synchronous reader: a matcher that must answer without a Promise. */
export function findConfigFileSync(
  read: (path: string) => string | undefined,
  startDir: string,
): { readonly path: string; readonly text: string } | undefined {
  for (const path of configFileCandidates(startDir)) {
    const text = read(path);
    if (text !== undefined) return { path, text };
  }
  return undefined;
}
