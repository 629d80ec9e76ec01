// `agui-inspector lint`: every file through the core, rule settings applied, one report
// in the chosen format. Exit 0 nothing at or above --fail-on, 1 something, 2 bad input.
import { formatGithub } from '../format-github.js';
import { formatJson } from '../format-json.js';
import { formatJunit } from '../format-junit.js';
import { formatSarif } from '../format-sarif.js';
import { formatText } from '../format-text.js';
import { inspectBytes } from '../core-deps.js';
import { bundledHar } from '../har-bundle.js';
import { reportFor } from '../inspect-file.js';
import { inspectInput } from '../inspect-input.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, parsedOrExit, type CliIo } from '../io.js';
import { readA2uiCatalogue } from '../lint/a2ui-catalogue.js';
import { loadConfig } from '../lint/config.js';
import type { LintFormat, RuleSetting } from '../lint/settings.js';
import { fileBudget, type FileBudget } from '../stats/file-budget.js';
import type { BudgetThresholds } from '../../core/stats/budget-notices.js';
import type { FileReport, LintResult, Unreadable } from '../report.js';
import { LINT_USAGE, parseLintArgs } from './lint-args.js';

// The linter keeps only findings (large files stream through it), so a file's weight comes
// from a second, whole read, as `stats` makes: both give the same figures.
async function weigh(
  io: CliIo,
  file: string,
  thresholds: BudgetThresholds | undefined,
): Promise<FileBudget | undefined> {
  try {
    const bundled = await bundledHar(io, file, await io.readFile(file));
    if (!bundled.ok) return undefined;
    const result = inspectBytes(file, bundled.bytes);
    return result.ok ? fileBudget(file, result.model, thresholds) : undefined;
  } catch {
    return undefined;
  }
}

function render(
  format: LintFormat,
  lint: LintResult,
  rules: ReadonlyMap<string, RuleSetting>,
  io: CliIo,
  stats: readonly FileBudget[],
): string {
  switch (format) {
    case 'json':
      return formatJson(lint.reports, {
        unreadable: lint.unreadable,
        stats,
        ...(lint.profile !== undefined ? { profile: lint.profile } : {}),
      });
    case 'sarif':
      return formatSarif(lint, rules);
    case 'junit':
      return formatJunit(lint);
    case 'github':
      return formatGithub(lint);
    case 'text':
      return formatText(lint.reports, {
        color: io.color,
        ...(io.columns !== undefined ? { columns: io.columns } : {}),
      });
  }
}

export async function runLint(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parsedOrExit(io, parseLintArgs(argv), LINT_USAGE);
  if (typeof parsed === 'number') return parsed;
  const args = parsed.args;
  const loaded = args.noConfig ? { ok: true as const } : await loadConfig(io, args.config);
  if (!loaded.ok) {
    io.stderr(`agui-inspector: ${loaded.message}\n`);
    return EXIT_USAGE;
  }
  const config = loaded.config;
  // Command-line settings win over the config file's, rule by rule.
  const rules = new Map([...(config?.rules ?? []), ...args.rules]);
  const failOn = args.failOn ?? config?.failOn ?? 'error';
  const minSeverity = args.minSeverity ?? config?.minSeverity ?? 'notice';
  const format = args.format ?? config?.format ?? 'text';
  const profile = args.profile ?? config?.profile;

  const catalogueFile = args.a2uiCatalogue ?? config?.a2uiCatalogue;
  const a2uiCatalogue = catalogueFile === undefined ? undefined : await readA2uiCatalogue(io, catalogueFile);
  if (typeof a2uiCatalogue === 'string') {
    io.stderr(`agui-inspector: ${a2uiCatalogue}\n`);
    return EXIT_USAGE;
  }
  const reports: FileReport[] = [];
  const unreadable: Unreadable[] = [];
  const stats: FileBudget[] = [];
  for (const file of args.files) {
    const result = await inspectInput(io, file, a2uiCatalogue !== undefined ? { a2uiCatalogue } : {});
    if (!result.ok) {
      unreadable.push({ file, message: result.error });
      continue;
    }
    // Notes also go to stderr: machine formats carry them too, text output does not.
    for (const note of result.notes) io.stderr(`agui-inspector: note: ${note}\n`);
    const lineOf = result.lineOf;
    reports.push(
      reportFor(file, result.model, {
        minSeverity,
        failOn,
        ...(profile !== undefined ? { profile } : {}),
        rules,
        ignoreUrls: config?.ignoreUrls ?? [],
        notes: result.notes,
        ...(lineOf !== undefined ? { lineOf } : {}),
        ...(result.bodiless !== undefined ? { bodiless: result.bodiless } : {}),
      }),
    );
    if (format === 'json') {
      const weight = await weigh(io, file, config?.budget);
      if (weight) stats.push(weight);
    }
  }
  for (const u of unreadable) io.stderr(`agui-inspector: ${u.message}\n`);
  const lint: LintResult = {
    reports,
    unreadable,
    failOn,
    ...(profile !== undefined ? { profile } : {}),
    ...(io.version !== undefined ? { version: io.version } : {}),
  };
  io.stdout(render(format, lint, rules, io, stats));
  if (unreadable.length > 0) return EXIT_USAGE;
  return reports.some((r) => (r.failing ?? 0) > 0) ? EXIT_FINDINGS : EXIT_OK;
}
