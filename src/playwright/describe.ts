// Findings in words for failure messages and the text summary attached to a test.
import type { Finding } from '../core/findings.js';
import { ruleById } from '../core/catalogue/catalogue.js';
import { clientVerdict } from '../core/print/rule-text.js';

export function describeFinding(f: Finding): string {
  const rule = ruleById(f.rule);
  const where = [
    f.threadId !== undefined ? `thread ${f.threadId}` : '',
    f.runId !== undefined ? `run ${f.runId}` : '',
    f.toolCallId !== undefined ? `call ${f.toolCallId}` : '',
    f.events[0] !== undefined ? `event ${f.events[0]}` : '',
  ]
    .filter((p) => p !== '')
    .join(' · ');
  return `  ${f.rule}${where !== '' ? ` (${where})` : ''}: ${f.message}${rule !== undefined ? `\n    ${clientVerdict(rule)}` : ''}`;
}

/** The text attached next to the session: counts by severity, then every finding. */
export function findingsSummary(findings: readonly Finding[], runs: number): string {
  const count = (s: Finding['severity']) => findings.filter((f) => f.severity === s).length;
  const head = `AG-UI: ${runs} run(s), ${count('error')} error(s), ${count('warning')} warning(s), ${count('notice')} notice(s)`;
  return findings.length === 0
    ? `${head}\n`
    : `${head}\n\n${findings.map((f) => `${f.severity.toUpperCase()} ${describeFinding(f).trimStart()}`).join('\n')}\n`;
}
