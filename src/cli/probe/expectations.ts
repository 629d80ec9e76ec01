// A step's `expect`: event types that must appear, tools the server must call, state
// fields the final state must hold. Each miss is a `probe/expectation` finding.
import { isDeepStrictEqual } from 'node:util';
import type { Finding } from '../../core/findings.js';
import { isRecord } from '../core-deps.js';
import { inert } from '../format-text.js';
import type { Answer } from './answer.js';
import { probeFinding } from './contracts.js';
import type { ExchangeRecord } from './probe-session.js';
import type { Expectations } from './script.js';

export function checkExpectations(
  record: ExchangeRecord,
  answer: Answer,
  expect: Expectations | undefined,
  finalState: unknown,
): Finding[] {
  if (expect === undefined || !record.inspected) return [];
  const out: Finding[] = [];
  const miss = (message: string): void => void out.push(probeFinding('probe/expectation', 'error', record, message));
  const missingTypes = (expect.events ?? []).filter((t) => !answer.types.has(t));
  if (missingTypes.length > 0) miss(`Expected event(s) ${missingTypes.map(inert).join(', ')}; the answer has none.`);
  const called = new Set(answer.runs.flatMap((r) => r.toolCalls.map((c) => c.name)));
  const uncalled = (expect.toolCalls ?? []).filter((n) => !called.has(n));
  if (uncalled.length > 0) {
    const saw = called.size > 0 ? `it called ${[...called].map(inert).join(', ')}` : 'it called no tool';
    miss(`Expected a call to ${uncalled.map(inert).join(', ')}; ${saw}.`);
  }
  for (const [key, want] of Object.entries(expect.state ?? {})) {
    const got = isRecord(finalState) ? finalState[key] : undefined;
    if (!isDeepStrictEqual(got, want))
      miss(
        `Expected state.${inert(key)} to be ${inert(JSON.stringify(want))}; the run ended with ${got === undefined ? 'none' : inert(JSON.stringify(got))}.`,
      );
  }
  return out;
}
