// `lint` options (node:util parseArgs). Values are checked here; the config file's
// settings are merged later (lint/config.ts), command-line values winning.
import { parseOptions } from '../parse-options.js';
import type { ClientProfile, Severity } from '../../core/findings.js';
import { CLIENT_PROFILES } from '../core-deps.js';
import { checkRule, FORMATS, mustBe, oneOf, SEVERITIES, type LintFormat, type RuleSetting } from '../lint/settings.js';

export interface LintArgs {
  readonly files: readonly string[];
  readonly format?: LintFormat;
  readonly minSeverity?: Severity;
  readonly failOn?: Severity;
  /** --profile: a finding at which this client rejects the stream also fails the lint. */
  readonly profile?: ClientProfile;
  /** --rule settings in command-line order (a later one for the same id wins). */
  readonly rules: ReadonlyMap<string, RuleSetting>;
  readonly config?: string;
  readonly noConfig: boolean;
  /** --a2ui-catalogue: the application's A2UI catalogue (JSON). */
  readonly a2uiCatalogue?: string;
}

export type LintParse =
  | { readonly kind: 'lint'; readonly args: LintArgs }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage-error'; readonly message: string };

export const LINT_USAGE = `Usage: agui-inspector lint [options] FILE...

Checks recorded AG-UI streams against the protocol rules (docs/rules.md).

Options:
  --format text|json|sarif|junit|github
                               output (default text): json one object, sarif SARIF 2.1.0,
                               junit JUnit XML (a test case per file and run), github
                               GitHub Actions annotations
  --min-severity LEVEL         show findings at or above LEVEL (default notice)
  --fail-on LEVEL              exit 1 when a finding at or above LEVEL remains (default error)
  --profile 1.0|next           also exit 1 where that client rejects the stream, whatever
                               the finding's severity: 1.0 is npm @ag-ui/client 1.0, next
                               the client the draft specification describes
  --rule ID=LEVEL|off          change a rule's severity or turn it off (repeatable)
  --config FILE                read settings from FILE instead of the nearest
                               agui-inspector.config.json (searched upward from the cwd)
  --no-config                  ignore agui-inspector.config.json
  --a2ui-catalogue FILE        judge A2UI components against this catalogue (a catalogue
                               JSON: "components" keyed by name, optional "catalogId")
LEVEL is error, warning or notice.

"event N" is the event's 0-based position in its stream, as in the panel.
Exit status: 0 nothing at or above --fail-on, 1 findings at or above it, 2 usage error,
bad configuration or unreadable input.
`;

export function parseLintArgs(argv: readonly string[]): LintParse {
  const parsed = parseOptions(argv, {
    format: { type: 'string' },
    'min-severity': { type: 'string' },
    'fail-on': { type: 'string' },
    profile: { type: 'string' },
    rule: { type: 'string', multiple: true },
    config: { type: 'string' },
    'no-config': { type: 'boolean' },
    'a2ui-catalogue': { type: 'string' },
  });
  if (parsed.kind !== 'parsed') return parsed;
  const { values, positionals } = parsed;
  const error = (message: string): LintParse => ({ kind: 'usage-error', message });
  const format = values.format === undefined ? undefined : oneOf(values.format, FORMATS);
  if (values.format !== undefined && format === undefined) return error(mustBe('--format', FORMATS, values.format));
  const minSeverity = values['min-severity'] === undefined ? undefined : oneOf(values['min-severity'], SEVERITIES);
  if (values['min-severity'] !== undefined && minSeverity === undefined)
    return error(mustBe('--min-severity', SEVERITIES, values['min-severity']));
  const failOn = values['fail-on'] === undefined ? undefined : oneOf(values['fail-on'], SEVERITIES);
  if (values['fail-on'] !== undefined && failOn === undefined)
    return error(mustBe('--fail-on', SEVERITIES, values['fail-on']));
  const profile = values.profile === undefined ? undefined : oneOf(values.profile, CLIENT_PROFILES);
  if (values.profile !== undefined && profile === undefined)
    return error(mustBe('--profile', CLIENT_PROFILES, values.profile));
  const rules = new Map<string, RuleSetting>();
  for (const spec of values.rule ?? []) {
    const eq = spec.lastIndexOf('=');
    if (eq <= 0) return error(`--rule takes ID=LEVEL or ID=off, not ${JSON.stringify(spec)}`);
    const checked = checkRule(spec.slice(0, eq), spec.slice(eq + 1), '--rule');
    if (!checked.ok) return error(checked.message);
    rules.set(spec.slice(0, eq), checked.setting);
  }
  if (values.config !== undefined && values['no-config'] === true)
    return error('--config and --no-config exclude each other');
  if (positionals.length === 0) return error('lint needs at least one FILE');
  return {
    kind: 'lint',
    args: {
      files: positionals,
      ...(format !== undefined ? { format } : {}),
      ...(minSeverity !== undefined ? { minSeverity } : {}),
      ...(failOn !== undefined ? { failOn } : {}),
      ...(profile !== undefined ? { profile } : {}),
      rules,
      ...(values.config !== undefined ? { config: values.config } : {}),
      noConfig: values['no-config'] === true,
      ...(values['a2ui-catalogue'] !== undefined ? { a2uiCatalogue: values['a2ui-catalogue'] } : {}),
    },
  };
}
