import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixtureConfig } from './config.js';

const root = mkdtempSync(resolve(tmpdir(), 'agui-fixture-config-'));
const sub = resolve(root, 'tests', 'e2e');
mkdirSync(sub, { recursive: true });
writeFileSync(
  resolve(root, 'agui-inspector.config.json'),
  JSON.stringify({ failOn: 'warning', profile: '1.0', rules: { 'run/truncated': 'off' }, ignoreUrls: ['*/beacon'] }),
);
writeFileSync(resolve(root, 'other.json'), JSON.stringify({ rules: { 'run/truncated': 'notice' } }));
writeFileSync(resolve(root, 'bad.json'), JSON.stringify({ failOn: 'fatal' }));

describe("the fixture's agui-inspector.config.json", () => {
  it('is found from the working directory upward, as lint finds it', async () => {
    expect(await loadFixtureConfig(undefined, sub)).toEqual({
      policy: { failOn: 'warning', profile: '1.0', rules: { 'run/truncated': 'off' } },
      ignoreUrls: ['*/beacon'],
    });
  });

  it('is the file aguiConfig names (relative to the working directory), or none with false', async () => {
    expect((await loadFixtureConfig('../../other.json', sub)).policy).toEqual({ rules: { 'run/truncated': 'notice' } });
    expect(await loadFixtureConfig(false, sub)).toEqual({ policy: {}, ignoreUrls: [] });
  });

  it('fails naming the file when it is bad or missing', async () => {
    await expect(loadFixtureConfig(resolve(root, 'bad.json'), sub)).rejects.toThrow(
      /bad\.json: failOn must be error, warning or notice/,
    );
    await expect(loadFixtureConfig('nope.json', sub)).rejects.toThrow(/aguiConfig: nope\.json: no such file/);
  });
});
