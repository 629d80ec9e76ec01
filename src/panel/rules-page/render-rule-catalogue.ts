// The rule catalogue as a page: one section per rule (id, severity, whether it is fatal and
// whether the official client throws, the spec reference and quote, what to do). Built with
// DOM text nodes only; the ids are the anchors a finding links to (rules.html#<rule id>).
import type { RuleInfo } from '../../core/findings.js';

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  text?: string,
  cls?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function ruleSection(doc: Document, rule: RuleInfo): HTMLElement {
  const section = el(doc, 'section', undefined, 'rule');
  section.id = rule.id;
  section.setAttribute('aria-labelledby', `h-${rule.id}`);
  const head = el(doc, 'h2');
  head.id = `h-${rule.id}`;
  const link = el(doc, 'a', rule.id, 'mono');
  link.href = `#${rule.id}`;
  head.append(link, ' ', el(doc, 'span', rule.severity, `badge sev-${rule.severity}`));
  if (rule.fatal) head.append(' ', el(doc, 'span', 'fatal', 'badge sev-error'));
  if (rule.client !== 'no')
    head.append(' ', el(doc, 'span', `the official client throws (${rule.client})`, 'badge sev-warning'));
  section.append(head);
  if (rule.explain) section.append(el(doc, 'p', rule.explain));
  const quote = el(doc, 'blockquote', `“${rule.specText}”`);
  section.append(quote);
  if (rule.specRef) section.append(el(doc, 'p', `Source: ${rule.specRef}`, 'dim'));
  section.append(el(doc, 'p', `Needs: ${rule.needs}`, 'dim'));
  return section;
}

/** Renders every rule into `root`, grouped by the part of the id before its slash. */
export function renderRuleCatalogue(root: HTMLElement, rules: readonly RuleInfo[], focus?: string): void {
  const doc = root.ownerDocument;
  root.replaceChildren();
  root.append(el(doc, 'h1', 'AG-UI Inspector rules'));
  root.append(
    el(
      doc,
      'p',
      `${rules.length} rules. Rule ids are stable and never reused; each finding links to its rule here.`,
      'dim',
    ),
  );
  const areas = new Map<string, RuleInfo[]>();
  for (const r of rules) {
    const area = r.id.split('/')[0] ?? r.id;
    areas.set(area, [...(areas.get(area) ?? []), r]);
  }
  const nav = el(doc, 'nav');
  nav.setAttribute('aria-label', 'Rule areas');
  for (const area of areas.keys()) {
    const a = el(doc, 'a', area);
    a.href = `#area-${area}`;
    nav.append(a, ' ');
  }
  root.append(nav);
  for (const [area, list] of areas) {
    const group = el(doc, 'section', undefined, 'area');
    group.id = `area-${area}`;
    group.append(el(doc, 'h1', area, 'area-head'));
    for (const r of list) group.append(ruleSection(doc, r));
    root.append(group);
  }
  if (focus) {
    const target = doc.getElementById(decodeURIComponent(focus));
    target?.classList.add('focused');
    target?.scrollIntoView?.();
  }
}
