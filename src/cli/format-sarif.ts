// `--format sarif`: SARIF 2.1.0 for code-scanning dashboards. Every catalogue rule is
// described (id, help, spec reference); --rule changes appear as configuration overrides.
import { isAbsolute, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log, Notification, ReportingDescriptor, Result } from 'sarif';
import type { Finding, RuleInfo, Severity } from '../core/findings.js';
import { ruleHelpMarkdown, ruleHelpText, RULES } from './core-deps.js';
import type { FileReport, LintResult } from './report.js';
import type { RuleSetting } from './lint/settings.js';

const LEVEL: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = {
  error: 'error',
  warning: 'warning',
  notice: 'note',
};
/** Where a SARIF viewer links the tool's name: the package's page. */
const INFORMATION_URI = 'https://www.npmjs.com/package/agui-inspector';
const SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** A file argument as a URI reference: relative paths stay relative (to the working directory). */
export function fileUri(file: string): string {
  if (isAbsolute(file)) return pathToFileURL(file).href;
  return file.split(sep).map(encodeURIComponent).join('/');
}

function descriptor(rule: RuleInfo): ReportingDescriptor {
  return {
    id: rule.id,
    shortDescription: { text: rule.explain },
    fullDescription: { text: rule.specText },
    help: { text: ruleHelpText(rule), markdown: ruleHelpMarkdown(rule) },
    defaultConfiguration: { level: LEVEL[rule.severity] },
    properties: {
      tags: [rule.id.split('/')[0] ?? rule.id],
      fatal: rule.fatal,
      client: rule.client,
      specRef: rule.specRef,
    },
  };
}

function result(
  report: FileReport,
  url: string | undefined,
  line: number | undefined,
  f: Finding,
  ruleIndex: number,
): Result {
  const event = f.events[0];
  const step = report.source?.step;
  const place = [step, f.threadId, f.runId, event !== undefined ? `event ${event}` : undefined]
    .filter((p) => p !== undefined)
    .join('/');
  // A probe step is no file: point at its script (if any), the step a logical location.
  const uri = report.source === undefined ? report.file : report.source.uri;
  return {
    ruleId: f.rule,
    ...(ruleIndex >= 0 ? { ruleIndex } : {}),
    level: LEVEL[f.severity],
    message: { text: f.message },
    locations: [
      {
        ...(uri !== undefined
          ? {
              physicalLocation: {
                artifactLocation: { uri: fileUri(uri) },
                ...(line !== undefined ? { region: { startLine: line } } : {}),
              },
            }
          : {}),
        ...(place !== ''
          ? {
              logicalLocations: [
                {
                  name: event !== undefined ? `event ${event}` : `stream ${f.streamId}`,
                  fullyQualifiedName: place,
                  kind: 'member',
                },
              ],
            }
          : {}),
      },
    ],
    properties: {
      ...(url !== undefined && url !== '' ? { url } : {}),
      ...(f.threadId !== undefined ? { threadId: f.threadId } : {}),
      ...(f.runId !== undefined ? { runId: f.runId } : {}),
      ...(event !== undefined ? { event } : {}),
      ...(f.toolCallId !== undefined ? { toolCallId: f.toolCallId } : {}),
    },
  };
}

export function formatSarif(lint: LintResult, rules: ReadonlyMap<string, RuleSetting> = new Map()): string {
  const index = new Map<string, number>(RULES.map((r, i) => [r.id, i]));
  const results = lint.reports.flatMap((r) =>
    r.findings.map((f) => result(r, r.urls?.get(f.streamId), r.lineOf?.(f), f, index.get(f.rule) ?? -1)),
  );
  const notifications: Notification[] = [
    ...lint.reports.flatMap((r) => (r.notes ?? []).map((text): Notification => ({ level: 'note', message: { text } }))),
    ...lint.unreadable.map((u): Notification => ({
      level: 'error',
      message: { text: u.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: fileUri(u.file) } } }],
    })),
  ];
  const overrides = [...rules].map(([id, setting]) => ({
    descriptor: { id, ...(index.has(id) ? { index: index.get(id) } : {}) },
    configuration: setting === 'off' ? { enabled: false } : { level: LEVEL[setting] },
  }));
  const log: Log = {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agui-inspector',
            informationUri: INFORMATION_URI,
            ...(lint.version !== undefined ? { version: lint.version } : {}),
            rules: RULES.map(descriptor),
          },
        },
        invocations: [
          {
            executionSuccessful: lint.unreadable.length === 0,
            ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
            ...(overrides.length > 0 ? { ruleConfigurationOverrides: overrides } : {}),
          },
        ],
        artifacts: [
          ...new Set([
            ...lint.reports.flatMap((r) =>
              r.source === undefined ? [r.file] : r.source.uri !== undefined ? [r.source.uri] : [],
            ),
            ...lint.unreadable.map((u) => u.file),
          ]),
        ].map((file) => ({ location: { uri: fileUri(file) } })),
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
