import { describe, expect, it } from 'vitest';
import { findChromium, INSTALL_HINT, locateChromium } from './chromium.js';

describe('findChromium', () => {
  it('prefers CHROMIUM_PATH when it exists', () => {
    expect(locateChromium({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });

  it('names a missing CHROMIUM_PATH and says what to install', () => {
    expect(() => findChromium({ CHROMIUM_PATH: '/nope/chromium' })).toThrow(
      /CHROMIUM_PATH=\/nope\/chromium.*apt-get install -y chromium/,
    );
    expect(INSTALL_HINT).toContain('CHROMIUM_PATH');
  });
});
