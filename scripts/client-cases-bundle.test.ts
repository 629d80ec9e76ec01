// The catalogue ships the corpus as bundled: the committed bundle must be today's corpus.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusBundle } from './client-cases-bundle.js';

describe('the bundled conformance corpus', () => {
  it('equals test/conformance (run `npx tsx scripts/bundle-client-cases.ts` after refreshing it)', () => {
    const committed = readFileSync(new URL('../src/core/client-cases/official-corpus.json', import.meta.url), 'utf8');
    expect(committed === corpusBundle()).toBe(true);
  });
});
