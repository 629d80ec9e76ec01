import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firefoxManifest } from './firefox-manifest.js';
import { htmlAssets, manifestFiles } from './manifest-files.js';

const manifest: unknown = JSON.parse(readFileSync(new URL('../manifest.json', import.meta.url), 'utf8'));

describe('manifestFiles', () => {
  it('names the service worker, the DevTools page, both content scripts and every icon', () => {
    const files = manifestFiles(manifest);
    for (const f of [
      'background.js',
      'devtools.html',
      'page-tap.js',
      'relay.js',
      'icons/icon-16.png',
      'icons/icon-128.png',
    ]) {
      expect(files).toContain(f);
    }
  });

  it('finds the background script in the Firefox variant (scripts, not a service worker)', () => {
    const ff = firefoxManifest(manifest as Record<string, unknown>);
    expect(manifestFiles(ff)).toContain('background.js');
    expect(manifestFiles({ background: { scripts: ['a.js', './b.js'] } })).toEqual(['a.js', 'b.js']);
  });

  it('asks for webRequest only as an optional permission, in Chrome and in Firefox', () => {
    for (const m of [manifest, firefoxManifest(manifest as Record<string, unknown>)] as {
      permissions?: string[];
      optional_permissions?: string[];
    }[]) {
      expect(m.permissions ?? []).not.toContain('webRequest');
      expect(m.optional_permissions).toEqual(['webRequest']);
    }
  });

  it('ignores what is not a manifest', () => {
    expect(manifestFiles(null)).toEqual([]);
    expect(manifestFiles({ content_scripts: 'x' })).toEqual([]);
  });
});

describe('htmlAssets', () => {
  it('lists relative script and stylesheet URLs only', () => {
    const html =
      '<script type="module" crossorigin src="./assets/panel-1.js"></script><link rel="stylesheet" href="./assets/panel-1.css"><script src="https://x.test/a.js"></script>';
    expect(htmlAssets(html)).toEqual(['assets/panel-1.js', 'assets/panel-1.css']);
  });
});
