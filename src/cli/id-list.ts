// Run ids as the CLI lists them: bounded, since one request of a recording may hold
// thousands of runs (a 500 MB SSE body held 66,000).

/** "a, b, c" or "a, b, c and 9 more"; "-" for none. */
export function idList(ids: readonly string[], shown = 3): string {
  if (ids.length === 0) return '-';
  return ids.length > shown ? `${ids.slice(0, shown).join(', ')} and ${ids.length - shown} more` : ids.join(', ');
}
