// Which partial-JSON parser backs the argument scrubber (src/core/args/partial-view.ts)?
// Both parse one prefix of a ~200 KB tool-call argument text per call; the panel does
// this on demand when the user drags the scrubber. Run: npx tsx bench/partial-json.bench.ts
import { Allow, parse as partialJsonParse } from 'partial-json';
import { disableErrorLogging, parse as bestEffortParse } from 'best-effort-json-parser';

/** A realistic large argument: a file write with escaped source text plus structured edits. */
export function makeArgument(targetBytes = 200_000): string {
  const line =
    'export function handler(req: Request): Response {\n\treturn new Response("ok \\u00e9", { status: 200 });\n}\n';
  const edits: { path: string; line: number; before: string; after: string; tags: string[]; score: number }[] = [];
  let content = '';
  while (content.length < targetBytes / 2) content += line;
  for (let i = 0; JSON.stringify(edits).length < targetBytes / 2; i++) {
    edits.push({
      path: `src/module-${i}/file-${i % 17}.ts`,
      line: i * 7,
      before: `const x${i} = ${i};`,
      after: `const x${i} = ${i + 1}; // "bumped"`,
      tags: ['refactor', `batch-${i % 5}`],
      score: i / 3,
    });
  }
  return JSON.stringify({ path: 'src/server/handler.ts', overwrite: true, content, edits });
}

export interface PartialBenchResult {
  readonly bytes: number;
  readonly prefixes: number;
  readonly opsPerSec: { readonly partialJson: number; readonly bestEffort: number };
}

function opsPerSec(prefixes: readonly string[], parse: (s: string) => unknown, minMs = 600): number {
  let ops = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    for (const p of prefixes) {
      parse(p);
      ops++;
    }
  }
  return ops / ((performance.now() - start) / 1000);
}

export function runPartialJsonBench(prefixCount = 40): PartialBenchResult {
  disableErrorLogging();
  const text = makeArgument();
  const prefixes = Array.from({ length: prefixCount }, (_, i) =>
    text.slice(0, Math.floor(((i + 1) * text.length) / prefixCount)),
  );
  const viaPartialJson = (s: string): unknown => partialJsonParse(s, Allow.ALL);
  const viaBestEffort = (s: string): unknown => bestEffortParse(s);
  // Same answer on the complete text, or the comparison is meaningless.
  if (JSON.stringify(viaPartialJson(text)) !== JSON.stringify(viaBestEffort(text)))
    throw new Error('parsers disagree on the full text');
  opsPerSec(prefixes, viaPartialJson, 200); // warm-up
  opsPerSec(prefixes, viaBestEffort, 200);
  return {
    bytes: text.length,
    prefixes: prefixCount,
    opsPerSec: { partialJson: opsPerSec(prefixes, viaPartialJson), bestEffort: opsPerSec(prefixes, viaBestEffort) },
  };
}

if (process.env['VITEST']) {
  // Also usable as `npx vitest bench bench/partial-json.bench.ts`.
  const { bench, describe } = await import('vitest');
  disableErrorLogging();
  const text = makeArgument();
  const prefixes = Array.from({ length: 40 }, (_, i) => text.slice(0, Math.floor(((i + 1) * text.length) / 40)));
  describe('partial JSON of 40 prefixes of a 200 KB argument', () => {
    bench('partial-json', () => prefixes.forEach((p) => partialJsonParse(p, Allow.ALL)));
    bench('best-effort-json-parser', () => prefixes.forEach((p) => bestEffortParse(p)));
  });
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const r = runPartialJsonBench();
  console.log(`argument ${r.bytes} chars, ${r.prefixes} prefixes`);
  console.log(`partial-json            ${r.opsPerSec.partialJson.toFixed(1)} ops/s`);
  console.log(`best-effort-json-parser ${r.opsPerSec.bestEffort.toFixed(1)} ops/s`);
}
