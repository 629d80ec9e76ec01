// Picking cases as users name them, and the docs that list them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_CASES, pickCases } from './catalogue.js';
import { FRAMEWORK_CASES } from './frameworks.js';

const ids = (pick: ReturnType<typeof pickCases>) => (pick.ok ? pick.cases.map((c) => c.id) : [pick.error]);

describe('pickCases', () => {
  it('picks a group, an id, a version prefix, and all by default, each case once in catalogue order', () => {
    expect(ids(pickCases([]))).toEqual(CLIENT_CASES.map((c) => c.id));
    expect(ids(pickCases(['frameworks']))).toEqual(FRAMEWORK_CASES.map((c) => c.id));
    const v10 = ids(pickCases(['official/1.0']));
    expect(v10.length).toBe(4);
    expect(v10.every((id) => id.startsWith('official/1.0/'))).toBe(true);
    expect(ids(pickCases(['frameworks/http-500', 'official/1.0', 'frameworks/http-500']))).toEqual([
      ...v10,
      'frameworks/http-500',
    ]);
  });

  it('says which picks exist when one names nothing', () => {
    const pick = pickCases(['frameworks/nope']);
    expect(pick.ok).toBe(false);
    expect(pick.ok ? '' : pick.error).toContain('official, frameworks, all');
  });

  it('official cases speak their version, and RUN_ERROR streams should show an error', () => {
    const runError = CLIENT_CASES.find((c) => c.id === 'official/1.1/run-error-first-run-continues');
    expect(runError?.protocolVersion).toBe('1.1');
    expect(runError?.official.outcome).toBe('completed');
    expect(runError?.shouldShowError).toBe(true);
  });
});

describe('docs/client-conformance.md', () => {
  const doc = readFileSync(new URL('../../../docs/client-conformance.md', import.meta.url), 'utf8').replace(
    /\s+/g,
    ' ',
  );
  it('lists every framework case by id', () => {
    for (const c of FRAMEWORK_CASES) expect(doc, c.id).toContain(`| \`${c.id}\` |`);
  });
  it('states the corpus size and the demo report the repository holds', () => {
    const official = CLIENT_CASES.filter((c) => c.group === 'official').length;
    expect(doc).toContain(`${official} streams`);
    const report = JSON.parse(
      readFileSync(new URL('../../../e2e/fixtures/demo-conformance.json', import.meta.url), 'utf8'),
    ) as object;
    expect(doc).toContain(`it fails ${Object.keys(report).length} of ${CLIENT_CASES.length}`);
  });
});
