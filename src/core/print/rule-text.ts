// A rule's catalogue entry as text for reports (SARIF help, JUnit failures, annotations, the
// Playwright matcher's message): in the core so the CLI and the fixture share it.
import type { RuleInfo } from '../findings.js';

/** Whether the official @ag-ui/client throws where this rule fires, in words. */
export function clientVerdict(rule: RuleInfo): string {
  if (rule.client === 'no') return 'the official @ag-ui/client does not throw here';
  const which = rule.client === 'both' ? '0.x and 1.0' : rule.client;
  return `the official @ag-ui/client (${which}) throws here${rule.fatal ? ': the run is lost' : ''}`;
}

export function ruleHelpText(rule: RuleInfo): string {
  return `${rule.explain}\n\nSpec (AG-UI docs, ${rule.specRef}): ${rule.specText}\n\nDefault severity: ${rule.severity}; ${clientVerdict(rule)}.`;
}

export function ruleHelpMarkdown(rule: RuleInfo): string {
  const quoted = rule.specText
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return `${rule.explain}\n\n${quoted}\n\n— AG-UI docs, *${rule.specRef}*\n\nDefault severity: **${rule.severity}**; ${clientVerdict(rule)}.`;
}
