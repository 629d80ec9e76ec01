import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the unit run’s temporary directory (test/setup/temp-dir.ts)', () => {
  it('holds what tests make with mkdtemp, so the run can remove it whole', () => {
    const made = mkdtempSync(join(tmpdir(), 'probe-'));
    expect(basename(dirname(made))).toMatch(/^agui-unit-/);
  });
});
