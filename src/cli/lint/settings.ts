// Lint settings of the command line and agui-inspector.config.json: the output formats
// here, the rule settings shared with the Playwright fixture in src/core/policy/.
export { checkRule, mustBe, oneOf, RULE_SETTINGS, SEVERITIES } from '../core-deps.js';
export type { RuleSetting } from '../../core/policy/rule-settings.js';

export type LintFormat = 'text' | 'json' | 'sarif' | 'junit' | 'github';

export const FORMATS: readonly LintFormat[] = ['text', 'json', 'sarif', 'junit', 'github'];
