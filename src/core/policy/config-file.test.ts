import { describe, expect, it } from 'vitest';
import { findConfigFile, findConfigFileSync, parentDir, parseSharedConfig } from './config-file.js';
import { urlIgnored } from './ignore-urls.js';

describe('agui-inspector.config.json, as lint, probe and the fixture read it', () => {
  it('reads the shared settings and keeps the rest for the reader it is for', () => {
    const r = parseSharedConfig(
      'c.json',
      JSON.stringify({
        failOn: 'warning',
        profile: 'next',
        rules: { 'run/truncated': 'off' },
        ignoreUrls: ['*/health'],
        format: 'json',
      }),
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.config.failOn).toBe('warning');
    expect(r.config.profile).toBe('next');
    expect([...r.config.rules]).toEqual([['run/truncated', 'off']]);
    expect(r.config.ignoreUrls).toEqual(['*/health']);
    expect(r.config.raw['format']).toBe('json');
  });

  it('is found at the nearest folder upward, POSIX or Windows', async () => {
    const files = new Map([
      ['/a/agui-inspector.config.json', 'A'],
      ['C:\\proj\\agui-inspector.config.json', 'W'],
    ]);
    const asked: string[] = [];
    const read = async (path: string) => {
      asked.push(path);
      return files.get(path);
    };
    expect(await findConfigFile(read, '/a/b/c')).toEqual({ path: '/a/agui-inspector.config.json', text: 'A' });
    expect(asked).toEqual([
      '/a/b/c/agui-inspector.config.json',
      '/a/b/agui-inspector.config.json',
      '/a/agui-inspector.config.json',
    ]);
    expect(await findConfigFile(read, 'C:\\proj\\src')).toEqual({
      path: 'C:\\proj\\agui-inspector.config.json',
      text: 'W',
    });
    expect(await findConfigFile(read, '/x/y')).toBeUndefined();
  });

  it('is found the same way by a synchronous reader, asking the root last', () => {
    const asked: string[] = [];
    const read = (path: string) => {
      asked.push(path);
      return path === '/a/agui-inspector.config.json' ? 'A' : undefined;
    };
    expect(findConfigFileSync(read, '/a/b')).toEqual({ path: '/a/agui-inspector.config.json', text: 'A' });
    expect(findConfigFileSync(read, '/x/y')).toBeUndefined();
    expect(asked).toEqual([
      '/a/b/agui-inspector.config.json',
      '/a/agui-inspector.config.json',
      '/x/y/agui-inspector.config.json',
      '/x/agui-inspector.config.json',
      '/agui-inspector.config.json',
    ]);
  });

  it('walks up to the root and stops there', () => {
    expect(parentDir('/a/b')).toBe('/a');
    expect(parentDir('/a')).toBe('/');
    expect(parentDir('/')).toBe('/');
    expect(parentDir('C:\\a')).toBe('C:\\');
    expect(parentDir('C:\\')).toBe('C:\\');
  });

  it('matches ignoreUrls over the whole URL, * for any text and nothing else special', () => {
    expect(urlIgnored('http://h/health', ['*/health'])).toBe(true);
    expect(urlIgnored('http://h/health?x=1', ['*/health'])).toBe(false);
    expect(urlIgnored('http://h/a.b', ['http://h/a?b'])).toBe(false);
    expect(urlIgnored('http://h/a.b', ['http://h/a.b'])).toBe(true);
  });
});
