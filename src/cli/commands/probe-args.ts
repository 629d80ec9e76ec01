// `probe` options (node:util parseArgs), checked here: the URL, -H headers, the script
// choice and the lint-style output settings.
import { parseOptions } from '../parse-options.js';
import type { ClientProfile, Severity } from '../../core/findings.js';
import { checkRule, FORMATS, mustBe, oneOf, SEVERITIES, type LintFormat, type RuleSetting } from '../lint/settings.js';
import { isProbeRule } from '../probe/probe-rules.js';
import { DEFAULT_ANSWER_LIMITS } from '../probe/probe-session.js';

export interface ProbeArgs {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly script?: string;
  readonly steps: readonly string[];
  readonly proto: boolean;
  readonly timeoutMs?: number;
  /** Body bytes read from one answer at most (--max-bytes). */
  readonly maxBytes: number;
  /** How long a body may stay open after its terminal event (--end-grace). */
  readonly endGraceMs: number;
  /** How long an open run may go without an event before it is a stall (--stall). */
  readonly stallMs: number;
  readonly format: LintFormat;
  readonly minSeverity: Severity;
  readonly failOn: Severity;
  readonly rules: ReadonlyMap<string, RuleSetting>;
  readonly har?: string;
  /** Settings given on the command line (they win over the config file's). */
  readonly given: ReadonlySet<'format' | 'minSeverity' | 'failOn'>;
  readonly config?: string;
  readonly noConfig: boolean;
  /** From the config file: findings at which this client rejects the stream fail too. */
  readonly profile?: ClientProfile;
}

export type ProbeParse =
  | { readonly kind: 'probe'; readonly args: ProbeArgs }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage-error'; readonly message: string };

export const PROBE_USAGE = `Usage: agui-inspector probe URL [options]

Sends a script of runs to a live AG-UI server (POST RunAgentInput, as @ag-ui/client's
HttpAgent does) and checks every answer with all protocol rules (docs/rules.md) plus the
probe's request/response contracts (docs/probe.md). The built-in script has one step of
each kind: turn, frontend-tool, state, two-runs, cancel, malformed, concurrent.

Options:
  --script FILE                the steps to run (JSON or YAML; default: the built-in script)
  --step NAME                  run only this step (repeatable)
  -H, --header 'NAME: VALUE'   send this header (repeatable); credential values are never
                               printed and are removed from every saved file
  --proto                      ask for AG-UI protobuf (Accept: application/vnd.ag-ui.event+proto)
  --timeout MS                 per request, for steps without timeoutMs (default 30000;
                               10000 for malformed)
  --max-bytes N                read at most N body bytes of one answer (default 67108864,
                               64 MB; K, M, G suffixes); past it the step fails and the
                               probe stops
  --end-grace MS               how long an answer's body may stay open after RUN_FINISHED
                               or RUN_ERROR (default 5000); past it the step fails
  --stall MS                   how long an open run may go without an event (keep-alive
                               comments aside) before the silence is a timing/stall
                               finding (default 30000)
  --har FILE                   save the whole probe session as a HAR (opens in the panel
                               and in \`agui-inspector lint\`)
  --format text|json|sarif|junit|github
                               output (default text, with progress per step)
  --min-severity LEVEL         show findings at or above LEVEL (default notice)
  --fail-on LEVEL              exit 1 when a finding at or above LEVEL remains (default error)
  --rule ID=LEVEL|off          change a rule's severity or turn it off (repeatable)
  --config FILE                read settings from FILE instead of the nearest
                               agui-inspector.config.json (searched upward from the cwd)
  --no-config                  ignore agui-inspector.config.json
LEVEL is error, warning or notice. The config file's rules, failOn, minSeverity, profile,
ignoreUrls and format apply as for lint; the command line wins.

Exit status: 0 every step passed, 1 findings at or above --fail-on, 2 usage error,
bad configuration, unreadable script or a server that never answered.
`;

const UNITS: Readonly<Record<string, number>> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

/** "65536", "64M", "1G": a positive whole number of bytes. */
function byteCount(spec: string): number | undefined {
  const m = /^(\d+)([KMG]?)B?$/i.exec(spec.trim());
  const n = m === null ? NaN : Number(m[1]) * (UNITS[(m[2] ?? '').toUpperCase()] ?? NaN);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function header(spec: string): [string, string] | undefined {
  const colon = spec.indexOf(':');
  if (colon <= 0) return undefined;
  const name = spec.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return undefined;
  return [name, spec.slice(colon + 1).trim()];
}

export function parseProbeArgs(argv: readonly string[]): ProbeParse {
  const parsed = parseOptions(argv, {
    script: { type: 'string' },
    step: { type: 'string', multiple: true },
    header: { type: 'string', short: 'H', multiple: true },
    proto: { type: 'boolean' },
    timeout: { type: 'string' },
    'max-bytes': { type: 'string' },
    'end-grace': { type: 'string' },
    stall: { type: 'string' },
    har: { type: 'string' },
    format: { type: 'string' },
    'min-severity': { type: 'string' },
    'fail-on': { type: 'string' },
    rule: { type: 'string', multiple: true },
    config: { type: 'string' },
    'no-config': { type: 'boolean' },
  });
  if (parsed.kind !== 'parsed') return parsed;
  const { values, positionals } = parsed;
  const error = (message: string): ProbeParse => ({ kind: 'usage-error', message });
  if (positionals.length !== 1) return error('probe takes one URL');
  if (values.config !== undefined && values['no-config'] === true)
    return error('--config and --no-config exclude each other');
  let url: URL;
  try {
    url = new URL(positionals[0]!);
  } catch {
    return error('probe needs an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return error('probe needs an http:// or https:// URL');
  const headers: Record<string, string> = {};
  for (const spec of values.header ?? []) {
    const h = header(spec);
    // The value may be a credential: the message names only the header.
    if (h === undefined) return error(`-H takes 'NAME: VALUE' (got a header without a valid name)`);
    headers[h[0]] = h[1];
  }
  const format = oneOf(values.format ?? 'text', FORMATS);
  if (format === undefined) return error(mustBe('--format', FORMATS, values.format));
  const minSeverity = oneOf(values['min-severity'] ?? 'notice', SEVERITIES);
  if (minSeverity === undefined) return error(mustBe('--min-severity', SEVERITIES, values['min-severity']));
  const failOn = oneOf(values['fail-on'] ?? 'error', SEVERITIES);
  if (failOn === undefined) return error(mustBe('--fail-on', SEVERITIES, values['fail-on']));
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0))
    return error(`--timeout takes a positive number of ms, not ${JSON.stringify(values.timeout)}`);
  const maxBytes = values['max-bytes'] === undefined ? DEFAULT_ANSWER_LIMITS.maxBytes : byteCount(values['max-bytes']);
  if (maxBytes === undefined)
    return error(
      `--max-bytes takes a positive number of bytes (K, M, G allowed), not ${JSON.stringify(values['max-bytes'])}`,
    );
  const endGraceMs = values['end-grace'] === undefined ? DEFAULT_ANSWER_LIMITS.endGraceMs : Number(values['end-grace']);
  if (!(Number.isInteger(endGraceMs) && endGraceMs >= 0))
    return error(`--end-grace takes a number of ms, not ${JSON.stringify(values['end-grace'])}`);
  const stallMs = values.stall === undefined ? DEFAULT_ANSWER_LIMITS.stallMs : Number(values.stall);
  if (!(Number.isInteger(stallMs) && stallMs > 0))
    return error(`--stall takes a positive number of ms, not ${JSON.stringify(values.stall)}`);
  const rules = new Map<string, RuleSetting>();
  for (const spec of values.rule ?? []) {
    const eq = spec.lastIndexOf('=');
    if (eq <= 0) return error(`--rule takes ID=LEVEL or ID=off, not ${JSON.stringify(spec)}`);
    const id = spec.slice(0, eq);
    const setting = oneOf(spec.slice(eq + 1), ['off', ...SEVERITIES] as const);
    if (isProbeRule(id) && setting !== undefined) {
      rules.set(id, setting);
      continue;
    }
    const checked = checkRule(id, spec.slice(eq + 1), '--rule');
    if (!checked.ok) return error(checked.message);
    rules.set(id, checked.setting);
  }
  return {
    kind: 'probe',
    args: {
      url,
      headers,
      ...(values.script !== undefined ? { script: values.script } : {}),
      steps: values.step ?? [],
      proto: values.proto === true,
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      maxBytes,
      endGraceMs,
      stallMs,
      format,
      minSeverity,
      failOn,
      rules,
      ...(values.har !== undefined ? { har: values.har } : {}),
      given: new Set([
        ...(values.format !== undefined ? (['format'] as const) : []),
        ...(values['min-severity'] !== undefined ? (['minSeverity'] as const) : []),
        ...(values['fail-on'] !== undefined ? (['failOn'] as const) : []),
      ]),
      ...(values.config !== undefined ? { config: values.config } : {}),
      noConfig: values['no-config'] === true,
    },
  };
}
