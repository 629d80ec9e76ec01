// A matcher's policy options checked as lint checks its flags (an unknown rule id or a
// misspelt severity is an error naming it, never a silently looser test), laid over the
// project's configuration file.
import type { Severity } from '../core/findings.js';
import { checkRule, mustBe, oneOf, SEVERITIES, type RuleSetting } from '../core/policy/rule-settings.js';
import { CLIENT_PROFILES } from '../core/rules/profiles.js';
import type { AguiPolicy } from './judge.js';

export function policyOf(options: AguiPolicy, where: string, base: AguiPolicy = {}): AguiPolicy {
  const rules: Record<string, RuleSetting> = { ...base.rules };
  for (const [id, setting] of Object.entries(options.rules ?? {})) {
    const checked = checkRule(id, setting, `${where}: rules`);
    if (!checked.ok) throw new Error(checked.message);
    rules[id] = checked.setting;
  }
  const failOn: Severity | undefined = options.failOn ?? base.failOn;
  if (failOn !== undefined && oneOf(failOn, SEVERITIES) === undefined)
    throw new Error(`${where}: ${mustBe('failOn', SEVERITIES, failOn)}`);
  const profile = options.profile ?? base.profile;
  if (profile !== undefined && oneOf(profile, CLIENT_PROFILES) === undefined)
    throw new Error(`${where}: ${mustBe('profile', CLIENT_PROFILES, profile)}`);
  const allow = [...(base.allow ?? []), ...(options.allow ?? [])];
  return {
    rules,
    allow,
    ...(failOn !== undefined ? { failOn } : {}),
    ...(profile !== undefined ? { profile } : {}),
  };
}
