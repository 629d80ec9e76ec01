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

/**
 * singleDataLine for the block `text[from, to)` of a text with no CR at all, without
 * slicing the block out first (the framing hot path: one string fewer per event).
 */
export function singleDataLineIn(text: string, from: number, to: number): string | undefined {
  if (to - from < 7 || text.charCodeAt(to - 1) !== LF || text.charCodeAt(to - 2) !== LF) return undefined;
  if (!text.startsWith('data:', from)) return undefined;
  if (text.indexOf('\n', from + 5) !== to - 2) return undefined;
  return text.slice(text.charCodeAt(from + 5) === 0x20 ? from + 6 : from + 5, to - 2);
}
