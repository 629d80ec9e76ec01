// The bundled catalogue of client conformance cases and how users pick from it:
// `official`, `frameworks`, `all`, or case ids (a prefix such as `official/1.1` picks a
// version).
import corpus from './official-corpus.json' with { type: 'json' };
import { FRAMEWORK_CASES } from './frameworks.js';
import { officialCase, type CorpusEntry } from './official.js';
import type { ClientCase } from './types.js';

const OFFICIAL_CASES: readonly ClientCase[] = (corpus as readonly CorpusEntry[]).flatMap((entry) => {
  const c = officialCase(entry);
  return c === undefined ? [] : [c];
});

export const CLIENT_CASES: readonly ClientCase[] = [...OFFICIAL_CASES, ...FRAMEWORK_CASES];

export type CasePick =
  { readonly ok: true; readonly cases: readonly ClientCase[] } | { readonly ok: false; readonly error: string };

/** The cases a list of selectors names, in catalogue order, each once. */
export function pickCases(selectors: readonly string[]): CasePick {
  const wanted = new Set<ClientCase>();
  for (const s of selectors.length === 0 ? ['all'] : selectors) {
    const matched =
      s === 'all'
        ? CLIENT_CASES
        : CLIENT_CASES.filter((c) => c.group === s || c.id === s || c.id.startsWith(`${s.replace(/\/$/, '')}/`));
    if (matched.length === 0)
      return {
        ok: false,
        error: `no case matches ${JSON.stringify(s)} (try official, frameworks, all, or an id such as frameworks/http-500)`,
      };
    for (const c of matched) wanted.add(c);
  }
  return { ok: true, cases: CLIENT_CASES.filter((c) => wanted.has(c)) };
}
