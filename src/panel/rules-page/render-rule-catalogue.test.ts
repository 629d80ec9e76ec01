// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { RULES } from '../../core/catalogue/catalogue.js';
import { renderRuleCatalogue } from './render-rule-catalogue.js';

describe('rule catalogue page', () => {
  it('has a section per rule, reachable by the rule id a finding links to', () => {
    const root = document.createElement('main');
    document.body.append(root);
    renderRuleCatalogue(root, RULES, 'tool-call%2Frestreamed-history');
    expect(root.querySelectorAll('section.rule')).toHaveLength(RULES.length);
    const rule = RULES.find((r) => r.id === 'tool-call/restreamed-history');
    const section = document.getElementById('tool-call/restreamed-history');
    expect(section?.classList.contains('focused')).toBe(true);
    expect(section?.textContent).toContain(rule?.specText ?? 'missing');
    expect(section?.textContent).toContain(rule?.explain ?? 'missing');
    root.remove();
  });

  it('renders rule text as text, never as markup', () => {
    const root = document.createElement('main');
    renderRuleCatalogue(root, [
      {
        id: 'x/y',
        severity: 'error',
        fatal: true,
        client: 'no',
        needs: 'stream',
        specRef: 'Tools',
        specText: '<img src=x onerror=alert(1)>',
        explain: '<b>bold</b>',
      },
    ]);
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('b')).toBeNull();
    expect(root.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
