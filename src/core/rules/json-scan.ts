// Classifies accumulated argument text: empty, one JSON value, several JSON values
// back to back (`{..}{..}`: misrouted parallel args or a re-stream), or not JSON.

export type ArgsJson =
  | { readonly state: 'empty' }
  | { readonly state: 'valid' }
  | { readonly state: 'concatenated'; readonly count: number }
  | { readonly state: 'invalid'; readonly message: string };

const WS = /\s/;

/** End offset of the JSON value starting at `from`, or -1 when it does not close. */
function scanValue(text: string, from: number): number {
  const first = text[from];
  if (first === '"') return scanString(text, from);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let i = from; i < text.length; i++) {
      const c = text[i];
      if (c === '"') {
        i = scanString(text, i) - 1;
        if (i < 0) return -1;
      } else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return -1;
  }
  let i = from;
  while (i < text.length && !WS.test(text[i] ?? '') && !'{}[]",'.includes(text[i] ?? '')) i++;
  return i > from ? i : -1;
}

function scanString(text: string, from: number): number {
  for (let i = from + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return -1;
}

function parses(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export function classifyArgs(text: string): ArgsJson {
  if (text.trim() === '') return { state: 'empty' };
  const error = parses(text);
  if (error === undefined) return { state: 'valid' };
  let pos = 0;
  let count = 0;
  for (;;) {
    while (pos < text.length && WS.test(text[pos] ?? '')) pos++;
    if (pos >= text.length) break;
    const end = scanValue(text, pos);
    if (end < 0 || parses(text.slice(pos, end)) !== undefined) return { state: 'invalid', message: error };
    count++;
    pos = end;
  }
  return count >= 2 ? { state: 'concatenated', count } : { state: 'invalid', message: error };
}
