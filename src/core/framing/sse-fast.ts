// The shape nearly every AG-UI frame has: one `data:` line and a blank line. Read
// directly, it skips the general parser (bench/sse-parser.bench.ts); anything else goes
// through eventsource-parser.
const LF = 0x0a;

/**
 * The value of a block that is exactly `data:<value>\n\n` (optional space after the
 * colon, LF endings, no other line), else undefined. Such a block means, for any SSE
 * parser, one event with that data and no event type or id.
 */
export function singleDataLine(block: string): string | undefined {
  const n = block.length;
  if (n < 7 || block.charCodeAt(n - 1) !== LF || block.charCodeAt(n - 2) !== LF) return undefined;
  if (!block.startsWith('data:')) return undefined;
  const lf = block.indexOf('\n', 5);
  if (lf !== n - 2 || block.indexOf('\r', 5) !== -1) return undefined;
  return block.slice(block.charCodeAt(5) === 0x20 ? 6 : 5, n - 2);
}
