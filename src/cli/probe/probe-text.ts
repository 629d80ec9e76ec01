// The text format's progress line per step, as each step finishes.
import { plural } from '../core-deps.js';
import { inert } from '../format-text.js';
import type { StepSummary } from './probe-report.js';

const MARK = { passed: ['✓', '32'], failed: ['✖', '31'], 'not exercised': ['–', '33'] } as const;

export function progressLine(s: StepSummary, width: number, color: boolean): string {
  const paint = (code: string, text: string): string => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const [mark, tone] = MARK[s.verdict];
  const facts = [
    plural(s.result.records.length, 'request'),
    `${s.result.ms} ms`,
    ...(s.result.timing !== undefined ? [s.result.timing] : []),
    ...s.result.notes.map(inert),
  ];
  const why = s.verdict === 'failed' ? s.failingRules.join(', ') : s.verdict === 'not exercised' ? 'not exercised' : '';
  return `${paint(tone, mark)} ${s.result.step.name.padEnd(width)}  ${paint('2', facts.join(' · '))}${why !== '' ? `  ${paint(tone, why)}` : ''}\n`;
}
