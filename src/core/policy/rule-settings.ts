// Rule settings shared by the CLI (command line and agui-inspector.config.json) and the
// Playwright fixture's matchers: value vocabularies, their parsers, and rule-id checking
// against the catalogue.
import type { Severity } from '../findings.js';
import { ruleById } from '../catalogue/catalogue.js';

export type RuleSetting = Severity | 'off';

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'notice'];
export const RULE_SETTINGS: readonly RuleSetting[] = ['off', 'error', 'warning', 'notice'];

export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

export function mustBe(what: string, allowed: readonly string[], value: unknown): string {
  const list =
    allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]!}` : (allowed[0] ?? '');
  return `${what} must be ${list}, not ${JSON.stringify(value)}`;
}

/** Checks one rule setting; `where` names its source for the message (e.g. "--rule"). */
export function checkRule(
  id: string,
  setting: unknown,
  where: string,
): { ok: true; setting: RuleSetting } | { ok: false; message: string } {
  if (ruleById(id) === undefined) {
    return {
      ok: false,
      message: `${where}: unknown rule id ${JSON.stringify(id)} (the rule ids are listed in docs/rules.md)`,
    };
  }
  const value = oneOf(setting, RULE_SETTINGS);
  if (value === undefined)
    return { ok: false, message: `${where}: ${mustBe(`the setting for ${id}`, RULE_SETTINGS, setting)}` };
  return { ok: true, setting: value };
}
