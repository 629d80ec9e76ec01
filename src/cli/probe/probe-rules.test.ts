// The probe's finding ids are documented where users read them: docs/probe.md's table.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { PROBE_RULE_IDS } from './probe-rules.js';

it('documents every probe finding id in docs/probe.md', () => {
  const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/probe.md'), 'utf8');
  const documented = [...doc.matchAll(/^\| `(probe\/[a-z-]+)` +\|/gm)].map((m) => m[1]);
  expect([...documented].sort()).toEqual([...PROBE_RULE_IDS].sort());
});
