import { describe, expect, it } from 'vitest';
import { findChromium, findHeadlessShell, INSTALL_HINT, locateChromium } from './chromium.js';

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

describe('findHeadlessShell', () => {
  it('prefers CHROMIUM_HEADLESS_SHELL_PATH, and names it when it is missing', () => {
    expect(findHeadlessShell({ CHROMIUM_HEADLESS_SHELL_PATH: process.execPath }, [])).toBe(process.execPath);
    expect(() => findHeadlessShell({ CHROMIUM_HEADLESS_SHELL_PATH: '/nope/shell' }, [process.execPath])).toThrow(
      'CHROMIUM_HEADLESS_SHELL_PATH=/nope/shell does not exist',
    );
  });

  it("takes the first system headless shell that exists, else findChromium's browser", () => {
    expect(findHeadlessShell({}, ['/nope/shell', process.execPath])).toBe(process.execPath);
    expect(findHeadlessShell({ CHROMIUM_PATH: process.execPath }, ['/nope/shell'])).toBe(process.execPath);
    expect(() => findHeadlessShell({ CHROMIUM_PATH: '/nope/chromium' }, ['/nope/shell'])).toThrow(
      /CHROMIUM_PATH=\/nope\/chromium/,
    );
  });
});
