// What RUN_FINISHED / RUN_ERROR report about the run: interrupt ids (a resume entry answers
// an interrupt by its id) and token usage (counts a dashboard adds up).
import type { At, Out } from './out.js';
import { asRec, type Rec } from './payload.js';

const COUNTS = [
  'inputTokens',
  'outputTokens',
  'totalTokens',
  'reasoningTokens',
  'cachedInputTokens',
  'cacheWriteInputTokens',
] as const;

/** Parts that must stay within the count they are part of. */
const PARTS: readonly (readonly [part: string, of: string])[] = [
  ['cachedInputTokens', 'inputTokens'],
  ['cacheWriteInputTokens', 'inputTokens'],
  ['reasoningTokens', 'outputTokens'],
];

export function checkInterruptIds(p: Rec, at: At, out: Out): void {
  const outcome = asRec(p['outcome']);
  const interrupts = outcome?.['type'] === 'interrupt' ? outcome['interrupts'] : undefined;
  if (!Array.isArray(interrupts)) return;
  const seen = new Set<string>();
  const reported = new Set<string>();
  for (const i of interrupts) {
    const id = asRec(i)?.['id'];
    if (typeof id !== 'string') continue;
    if (seen.has(id) && !reported.has(id)) {
      reported.add(id);
      out.add(
        'run/interrupt-id-duplicate',
        `RUN_FINISHED carries two interrupts carrying the id '${id.slice(0, 80)}': a resume entry answers one id, so the second question is lost (the next client rejects the stream here).`,
        at,
      );
    }
    seen.add(id);
  }
}

export function checkUsage(type: string, p: Rec, at: At, out: Out): void {
  const usage = p['usage'];
  if (!Array.isArray(usage)) return;
  usage.forEach((entry: unknown, i) => {
    const u = asRec(entry);
    if (!u) return;
    const problems: string[] = [];
    for (const key of COUNTS) {
      const v = u[key];
      if (v === undefined) continue;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
        problems.push(`${key} is ${JSON.stringify(v)?.slice(0, 40) ?? String(v)}, not a non-negative integer`);
    }
    for (const [part, of] of PARTS) {
      const a = u[part];
      const b = u[of];
      if (typeof a === 'number' && typeof b === 'number' && a > b) problems.push(`${part} ${a} exceeds ${of} ${b}`);
    }
    const input = u['inputTokens'];
    const output = u['outputTokens'];
    const total = u['totalTokens'];
    if (typeof input === 'number' && typeof output === 'number' && typeof total === 'number' && total < input + output)
      problems.push(`totalTokens ${total} is less than inputTokens + outputTokens (${input + output})`);
    if (problems.length > 0) out.add('run/usage-invalid', `${type}.usage[${i}]: ${problems.join('; ')}.`, at);
  });
}
