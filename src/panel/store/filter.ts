// The toolbar's filter language, as in DevTools' Network filter: space-separated terms
// that must all hold; `-term` negates; `/re/` is a case-insensitive regular expression.
// A term that is an invalid regex is matched as plain text (and reported), never thrown.

export interface FilterTerm {
  readonly negate: boolean;
  readonly test: (text: string) => boolean;
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
        terms.push({ negate, test: (s) => re.test(s) });
        continue;
      } catch {
        invalid.push(raw);
      }
    }
    const needle = body.toLowerCase();
    terms.push({ negate, test: (s) => s.toLowerCase().includes(needle) });
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
