// The toolbar's filter language, as in DevTools' Network filter: space-separated terms
// that must all hold; `-term` negates; `/re/` is a case-insensitive regular expression.
// A term that is an invalid regex is matched as plain text (and reported), never thrown.

export interface FilterTerm {
  readonly negate: boolean;
  readonly test: (text: string) => boolean;
  /** Where the term occurs in `text` (every non-overlapping occurrence), to highlight it. */
  readonly find: (text: string) => TextRange[];
}

/** A half-open range of UTF-16 positions in a text. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

export interface ParsedFilter {
  readonly terms: readonly FilterTerm[];
  /** Terms that looked like /regex/ but did not compile. */
  readonly invalid: readonly string[];
  /** Stable key: equal keys filter the same way (used to cache per-run results). */
  readonly key: string;
}

const EMPTY: ParsedFilter = { terms: [], invalid: [], key: '' };

function splitTerms(text: string): string[] {
  // Regex terms may contain spaces only when written as one /.../ token; keep it simple:
  // split on whitespace, as DevTools does.
  return text.split(/\s+/).filter((t) => t.length > 0);
}

export function parseFilter(text: string): ParsedFilter {
  const trimmed = text.trim();
  if (!trimmed) return EMPTY;
  const terms: FilterTerm[] = [];
  const invalid: string[] = [];
  for (const raw of splitTerms(trimmed)) {
    const negate = raw.startsWith('-') && raw.length > 1;
    const body = negate ? raw.slice(1) : raw;
    if (body.length > 2 && body.startsWith('/') && body.endsWith('/')) {
      try {
        const re = new RegExp(body.slice(1, -1), 'i');
        const all = new RegExp(re.source, 'gi');
        terms.push({ negate, test: (s) => re.test(s), find: (s) => regexRanges(all, s) });
        continue;
      } catch {
        invalid.push(raw);
      }
    }
    const needle = body.toLowerCase();
    terms.push({ negate, test: (s) => s.toLowerCase().includes(needle), find: (s) => textRanges(needle, s) });
  }
  return { terms, invalid, key: trimmed };
}

/** True when every term holds for at least one of the texts (negated: for none). */
export function matchesFilter(filter: ParsedFilter, texts: readonly string[]): boolean {
  for (const term of filter.terms) {
    let hit = false;
    for (const t of texts) {
      if (term.test(t)) {
        hit = true;
        break;
      }
    }
    if (hit === term.negate) return false;
  }
  return true;
}

export function isEmptyFilter(filter: ParsedFilter): boolean {
  return filter.terms.length === 0;
}

function textRanges(needle: string, text: string): TextRange[] {
  const out: TextRange[] = [];
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    out.push({ start: at, end: at + needle.length });
  }
  return out;
}

function regexRanges(re: RegExp, text: string): TextRange[] {
  const out: TextRange[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // An empty match highlights nothing; step past it so the scan ends.
    if (m[0].length === 0) re.lastIndex++;
    else out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Where the filter's positive terms occur in `text`, in order, merged where they overlap. */
export function filterMatches(filter: ParsedFilter, text: string): TextRange[] {
  const ranges = filter.terms
    .filter((t) => !t.negate)
    .flatMap((t) => t.find(text))
    .sort((a, b) => a.start - b.start);
  const merged: TextRange[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, r.end) };
    else merged.push(r);
  }
  return merged;
}
