// `agui-inspector probe URL`: a script of runs against a live AG-UI server, each answer
// checked with every protocol rule and the probe's contracts, reported as `lint` reports
// (one "file" per step). Exit 0 all steps pass, 1 findings at or above --fail-on, 2 bad
// input or a server that never answered.
import { formatGithub } from '../format-github.js';
import { formatJson } from '../format-json.js';
import { formatJunit } from '../format-junit.js';
import { formatSarif } from '../format-sarif.js';
import { formatText, inert } from '../format-text.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, readError, readInput, parsedOrExit, type CliIo } from '../io.js';
import type { LintResult } from '../report.js';
import { loadConfig, type LintConfig } from '../lint/config.js';
import { DEFAULT_SCRIPT } from '../probe/default-script.js';
import { parseScript } from '../probe/parse-script.js';
import { probeHar } from '../probe/probe-har.js';
import { stepsJson, summarizeStep, type StepSummary } from '../probe/probe-report.js';
import { progressLine } from '../probe/probe-text.js';
import { neverAnswered, probeServer } from '../probe/runner.js';
import type { ProbeScript } from '../probe/script.js';
import { secretsOf } from '../probe/secrets.js';
import { parseProbeArgs, PROBE_USAGE, type ProbeArgs } from './probe-args.js';

async function loadScript(io: CliIo, args: ProbeArgs): Promise<ProbeScript | string> {
  let script = DEFAULT_SCRIPT;
  if (args.script !== undefined) {
    const bytes = await readInput(io, args.script);
    if (bytes === undefined) return '';
    const parsed = parseScript(new TextDecoder().decode(bytes));
    if (!parsed.ok) return `${args.script}: ${parsed.error}`;
    script = parsed.script;
  }
  if (args.steps.length === 0) return script;
  const names = script.steps.map((s) => s.name);
  const unknown = args.steps.filter((n) => !names.includes(n));
  if (unknown.length > 0)
    return `no step named ${unknown.map((n) => JSON.stringify(inert(n))).join(', ')}; the script has ${names.join(', ')}`;
  return { steps: script.steps.filter((s) => args.steps.includes(s.name)) };
}

function render(args: ProbeArgs, summaries: readonly StepSummary[], io: CliIo): string {
  const reports = summaries.map((s) => s.report);
  const lint: LintResult = {
    reports,
    unreadable: [],
    failOn: args.failOn,
    ...(io.version !== undefined ? { version: io.version } : {}),
  };
  switch (args.format) {
    case 'json': {
      const base = JSON.parse(formatJson(reports)) as Record<string, unknown>;
      return `${JSON.stringify({ ...base, steps: stepsJson(summaries) })}\n`;
    }
    case 'sarif':
      return formatSarif(lint, args.rules);
    case 'junit':
      return formatJunit(lint);
    case 'github':
      return formatGithub(lint);
    case 'text': {
      const passed = summaries.filter((s) => s.verdict === 'passed').length;
      const idle = summaries.filter((s) => s.verdict === 'not exercised').length;
      const details = formatText(reports, {
        color: io.color,
        ...(io.columns !== undefined ? { columns: io.columns } : {}),
      });
      return `${details === '' ? '' : `\n${details}`}${passed} of ${summaries.length} steps passed${idle > 0 ? `, ${idle} not exercised` : ''}\n`;
    }
  }
}

/** The command line over the config file: its settings where the command line gives none, rules merged. */
function withConfig(
  args: ProbeArgs,
  config: LintConfig | undefined,
): ProbeArgs & { readonly ignoreUrls: readonly string[] } {
  if (config === undefined) return { ...args, ignoreUrls: [] };
  const pick = <K extends 'format' | 'minSeverity' | 'failOn'>(key: K): ProbeArgs[K] =>
    args.given.has(key) ? args[key] : ((config[key] as ProbeArgs[K] | undefined) ?? args[key]);
  return {
    ...args,
    format: pick('format'),
    minSeverity: pick('minSeverity'),
    failOn: pick('failOn'),
    rules: new Map([...config.rules, ...args.rules]),
    ...(config.profile !== undefined ? { profile: config.profile } : {}),
    ignoreUrls: config.ignoreUrls,
  };
}

export async function runProbe(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parsedOrExit(io, parseProbeArgs(argv), PROBE_USAGE);
  if (typeof parsed === 'number') return parsed;
  const loaded = parsed.args.noConfig ? { ok: true as const } : await loadConfig(io, parsed.args.config);
  if (!loaded.ok) {
    io.stderr(`agui-inspector: ${loaded.message}\n`);
    return EXIT_USAGE;
  }
  const args = withConfig(parsed.args, loaded.config);
  const script = await loadScript(io, args);
  if (typeof script === 'string') {
    if (script !== '') io.stderr(`agui-inspector: ${script}\n`);
    return EXIT_USAGE;
  }
  const secrets = secretsOf(args.headers, args.url);
  // Everything written from here on passes the scrubber: a server may echo a token back.
  const out = (text: string): void => io.stdout(secrets.scrub(text));
  const err = (text: string): void => io.stderr(secrets.scrub(text));
  const progress = args.format === 'text' ? out : err;
  const width = Math.max(...script.steps.map((s) => s.name.length));
  progress(`Probing ${inert(secrets.shownUrl)} (${script.steps.length} step${script.steps.length === 1 ? '' : 's'})\n`);
  const settings = {
    minSeverity: args.minSeverity,
    failOn: args.failOn,
    rules: args.rules,
    ignoreUrls: args.ignoreUrls,
    ...(args.profile !== undefined ? { profile: args.profile } : {}),
    ...(args.script !== undefined ? { scriptFile: args.script } : {}),
  };
  const summaries: StepSummary[] = [];
  const probe = await probeServer({
    url: args.url,
    shownUrl: secrets.shownUrl,
    headers: args.headers,
    proto: args.proto,
    script,
    ...(args.timeoutMs !== undefined ? { timeoutMs: args.timeoutMs } : {}),
    limits: { maxBytes: args.maxBytes, endGraceMs: args.endGraceMs, stallMs: args.stallMs },
    onStep: (result) => {
      const summary = summarizeStep(result, settings);
      summaries.push(summary);
      progress(progressLine(summary, width, io.color && args.format === 'text'));
    },
  });
  const records = probe.session.records;
  if (neverAnswered(records)) {
    err(`agui-inspector: ${inert(secrets.shownUrl)} never answered: ${records[0]?.exchange.error ?? 'no response'}\n`);
    return EXIT_USAGE;
  }
  out(render(args, summaries, io));
  if (args.har !== undefined) {
    if (io.writeFile === undefined) {
      err('agui-inspector: cannot write files here\n');
      return EXIT_USAGE;
    }
    try {
      await io.writeFile(args.har, secrets.scrub(probeHar(records, io.version)));
    } catch (e) {
      err(`agui-inspector: ${args.har}: cannot write file: ${readError(e)}\n`);
      return EXIT_USAGE;
    }
    err(`agui-inspector: saved ${records.length} request${records.length === 1 ? '' : 's'} to ${args.har}\n`);
  }
  return summaries.some((s) => (s.report.failing ?? 0) > 0) ? EXIT_FINDINGS : EXIT_OK;
}
