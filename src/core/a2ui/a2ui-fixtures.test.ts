// The A2UI fixtures (test/fixtures/a2ui, one valid and one broken stream per version) through
// the whole core, as `lint` reads them: the valid ones lint clean, the broken ones report the
// faults written into them (listed in test/fixtures/README.md), and nothing else.
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { inspectBytes } from '../io/inspect-bytes.js';
import type { InspectorOptions } from '../inspector.js';
import { parseA2uiCatalogue } from './catalogues.js';

function findings(name: string, options: InspectorOptions = {}) {
  const r = inspectBytes(name, fixture(`a2ui/${name}`), options);
  if (!r.ok) throw new Error(r.error);
  return r.model.findings.map((f) => ({ rule: f.rule, events: f.events, message: f.message }));
}

const rules = (name: string, options?: InspectorOptions) => findings(name, options).map((f) => f.rule);

describe('A2UI fixtures', () => {
  it.each(['v0_8-valid.jsonl', 'v0_9-valid.jsonl', 'v1_0-valid.jsonl'])('%s lints clean', (name) => {
    expect(findings(name)).toEqual([]);
  });

  it('v0.8 broken: no beginRendering, an unknown component, a missing child, unbound paths', () => {
    const found = findings('v0_8-broken.jsonl');
    expect(found.map((f) => f.rule).sort()).toEqual([
      'a2ui/missing-child',
      'a2ui/missing-data-path',
      'a2ui/never-rendered',
      'a2ui/unknown-component',
    ]);
    const text = found.map((f) => f.message).join('\n');
    expect(text).toContain(`'carousel' is "Carousel"`);
    expect(text).toContain(`'book' → 'book-label'`);
    expect(text).toContain(`'title' → "/restaurant/name"`);
    // Pointed at the call's END, where its arguments were complete (event 4).
    expect(found.every((f) => f.events[0] === 4)).toBe(true);
  });

  it('v0.9 broken: update before create, unknown component, missing child, data path, schema', () => {
    const found = findings('v0_9-broken.jsonl');
    expect(found.map((f) => [f.rule, f.events[0]])).toEqual([
      ['a2ui/update-before-create', 1],
      ['a2ui/unknown-component', 2],
      ['a2ui/missing-child', 2],
      ['a2ui/missing-data-path', 2],
      ['a2ui/schema', 3],
    ]);
    const text = found.map((f) => f.message).join('\n');
    expect(text).toContain(`surface 'early'`);
    expect(text).toContain(`'chart' is "Chart"`);
    expect(text).toContain(`'root' → 'details'`);
    expect(text).toContain(`'chart' → "/weather/series"`);
    expect(text).toContain('/updateComponents/components/0/text: Instance type "number" is invalid');
  });

  it('v1.0 broken: update before create, unknown component, missing child, data path', () => {
    expect(rules('v1_0-broken.jsonl')).toEqual([
      'a2ui/update-before-create',
      'a2ui/unknown-component',
      'a2ui/missing-child',
      'a2ui/missing-data-path',
    ]);
  });

  it('judges components against the application catalogue it is given', () => {
    const catalogue = parseA2uiCatalogue({ components: { Column: {}, Text: {}, Chart: {} } }, 'app.json');
    if (typeof catalogue === 'string') throw new Error(catalogue);
    // The broken v0.9 surfaces name the basic catalogue: the application catalogue is for others.
    expect(rules('v0_9-broken.jsonl', { a2uiCatalogue: catalogue })).toContain('a2ui/unknown-component');
    const named = parseA2uiCatalogue(
      { catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json', components: ['Column', 'Text', 'Chart'] },
      'app.json',
    );
    if (typeof named === 'string') throw new Error(named);
    expect(rules('v0_9-broken.jsonl', { a2uiCatalogue: named })).not.toContain('a2ui/unknown-component');
  });
});
