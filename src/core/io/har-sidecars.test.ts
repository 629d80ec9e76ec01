import { describe, expect, it } from 'vitest';
import { inlineSidecars, sidecarNames } from './har-sidecars.js';

const harWith = (contents: Record<string, unknown>[]) => ({
  log: { entries: contents.map((content) => ({ request: {}, response: { content } })) },
});

describe('HAR body files (Playwright content: attach)', () => {
  it('names only bare files of entries without text', () => {
    const root = harWith([
      { _file: 'a.dat' },
      { _file: '../secret' },
      { _file: '/etc/passwd' },
      { _file: 'b.txt', text: 'kept' },
      { _file: 'a.dat' },
    ]);
    expect(sidecarNames(root)).toEqual(['a.dat']);
  });

  it('inlines the bodies found as base64 and leaves a missing one as it was', () => {
    const root = harWith([{ _file: 'a.dat', mimeType: 'text/event-stream' }, { _file: 'gone.dat' }]);
    const n = inlineSidecars(root, new Map([['a.dat', new TextEncoder().encode('data: {}\n\n')]]));
    expect(n).toBe(1);
    const [first, second] = root.log.entries.map((e) => e.response.content);
    expect(first).toEqual({ mimeType: 'text/event-stream', text: 'ZGF0YToge30KCg==', encoding: 'base64' });
    expect(second).toEqual({ _file: 'gone.dat' });
  });
});
