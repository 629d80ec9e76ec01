// Bundles the official conformance corpus (test/conformance/<version>/streams/*.json) into
// src/core/client-cases/official-corpus.json, the catalogue the product ships. Run it after
// refreshing the corpus: `npx tsx scripts/bundle-client-cases.ts`. The test beside the
// catalogue fails while the two differ.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { corpusBundle } from './client-cases-bundle.js';

const OUT = fileURLToPath(new URL('../src/core/client-cases/official-corpus.json', import.meta.url));
writeFileSync(OUT, corpusBundle());
process.stdout.write(`wrote ${OUT}\n`);
