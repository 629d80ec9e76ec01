// docs/rules.md and the code's catalogue must agree on every id, severity, fatal,
// client and needs — in both directions — so neither can drift from the other.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPAND_RULE_IDS } from '../expand/chunk-kinds.js';
import { RULES, rejectsUnder, ruleById } from '../rules/index.js';

interface DocRow {
  readonly id: string;
  readonly severity: string;
  readonly fatal: boolean;
  readonly client: string;
  readonly needs: string;
  readonly spec: string;
}

function docRows(): DocRow[] {
  const text = readFileSync(new URL('../../../docs/rules.md', import.meta.url), 'utf8');
  const rows: DocRow[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | id | sev | fatal | client | needs | triggers when | spec |
    const id = /^`?([a-z0-9-]+\/[a-z0-9-]+)`?$/.exec(cells[1] ?? '')?.[1];
    if (id === undefined) continue;
    rows.push({
      id,
      severity: cells[2] ?? '',
      fatal: cells[3] === 'yes',
      client: cells[4] ?? '',
      needs: cells[5] ?? '',
      spec: cells[7] ?? '',
    });
  }
  return rows;
}

describe('rule catalogue', () => {
  const rows = docRows();

  it('reads the doc tables', () => {
    expect(rows.length).toBeGreaterThanOrEqual(51 + 14);
    expect(rows.map((r) => r.id)).toContain('tool-call/start-while-open');
  });

  it('has every documented rule in the code, with the same contract', () => {
    for (const row of rows) {
      const rule = ruleById(row.id);
      expect(rule, row.id).toBeDefined();
      expect({
        id: row.id,
        severity: rule?.severity,
        fatal: rule?.fatal,
        client: rule?.client,
        needs: rule?.needs,
      }).toEqual({
        id: row.id,
        severity: row.severity,
        fatal: row.fatal,
        client: row.client,
        needs: row.needs,
      });
    }
  });

  it('documents every rule in the code, with a spec reference', () => {
    const documented = new Map(rows.map((r) => [r.id, r]));
    for (const rule of RULES) {
      expect(documented.has(rule.id), `${rule.id} is missing from docs/rules.md`).toBe(true);
      expect(documented.get(rule.id)?.spec, rule.id).not.toBe('');
    }
  });

  it('lists each id once, with the text a finding needs', () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const rule of RULES) {
      expect(rule.specRef.length, rule.id).toBeGreaterThan(3);
      expect(rule.specText.length, rule.id).toBeGreaterThan(20);
      expect(rule.explain.length, rule.id).toBeGreaterThan(20);
    }
  });

  it('lists exactly the rules where the next client departs from 1.0, and it only adds rejections', () => {
    const text = readFileSync(new URL('../../../docs/rules.md', import.meta.url), 'utf8');
    const section = /<!-- next-profile -->([\s\S]*?)<!-- \/next-profile -->/.exec(text)?.[1] ?? '';
    const documented = [...section.matchAll(/^- `([a-z0-9-]+\/[a-z0-9-]+)`/gm)].map((m) => m[1]);
    const departing = RULES.filter((r) => rejectsUnder(r, 'next') !== rejectsUnder(r, '1.0')).map((r) => r.id);
    expect(documented.sort()).toEqual([...departing].sort());
    for (const id of departing) expect(rejectsUnder(ruleById(id)!, 'next'), id).toBe(true);
  });

  it('has every rule id chunk expansion can report (else the engine would default its severity)', () => {
    for (const id of EXPAND_RULE_IDS) expect(ruleById(id), id).toBeDefined();
  });
});
