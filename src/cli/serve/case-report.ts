// What `serve --cases` prints: the catalogue (`--cases list`) and, when stopped, how each
// served case's request ended, so a client that is not a browser (mobile, Python, a CLI
// agent client) can be tested case by case.
import { inert } from '../format-text.js';
import type { ClientCase } from '../../core/client-cases/types.js';
import type { JournalEntry } from './server.js';

export function caseList(cases: readonly ClientCase[]): string {
  return cases
    .map(
      (c) =>
        `${c.id}\n  ${c.title} (AG-UI ${c.protocolVersion})\n  a good client: ${c.goodClient}\n  source: ${c.source}\n`,
    )
    .join('');
}

function ending(e: JournalEntry): string {
  const after = e.ms !== undefined ? ` after ${(e.ms / 1000).toFixed(1)} s` : '';
  if (e.aborted === true) return `cancelled by the client${after} (${e.bytes} bytes sent)`;
  return `read to the end${after} (${e.bytes} bytes)`;
}

/** One line per case: how each request it answered ended, or that none came. */
export function caseSummary(cases: readonly ClientCase[], journal: readonly JournalEntry[]): string {
  const byCase = new Map<string, JournalEntry[]>();
  for (const e of journal)
    if (e.answeredBy !== undefined) byCase.set(e.answeredBy, [...(byCase.get(e.answeredBy) ?? []), e]);
  const served = cases.filter((c) => byCase.has(c.id)).length;
  const lines = cases.map((c) => {
    const entries = byCase.get(c.id);
    return `  ${inert(c.id)}: ${entries === undefined ? 'never requested' : entries.map(ending).join('; ')}\n`;
  });
  return `agui-inspector: ${served} of ${cases.length} case${cases.length === 1 ? '' : 's'} requested\n${lines.join('')}`;
}
