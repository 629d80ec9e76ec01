// @vitest-environment happy-dom
// html-to-image copies a textarea's value into its clone with innerHTML: the picture must
// never hand it one, so page text can never become markup on that path.
import { afterEach, describe, expect, it, vi } from 'vitest';

const seen: { filter?: (node: HTMLElement) => boolean; node?: HTMLElement } = {};
vi.mock('html-to-image', () => ({
  toPng: vi.fn(async (node: HTMLElement, options: { filter?: (n: HTMLElement) => boolean }) => {
    seen.node = node;
    seen.filter = options.filter;
    return 'data:image/png;base64,AAAA';
  }),
}));

// The shell project shares one module graph per worker (vitest.config.ts): a file run before
// this one may have loaded timeline-picture with the real library. Load it afresh, mocked.
vi.resetModules();
const { timelinePicture } = await import('./timeline-picture.js');

afterEach(() => {
  document.body.replaceChildren();
});

describe('timelinePicture', () => {
  it('draws the timeline and filters out every textarea before the library sees it', async () => {
    const timeline = document.createElement('div');
    timeline.className = 'timeline';
    const area = document.createElement('textarea');
    area.value = '<img src=x onerror=alert(1)>';
    timeline.append(document.createElement('span'), area);
    document.body.append(timeline);

    expect(await timelinePicture(document)).toBe('AAAA');
    expect(seen.node).toBe(timeline);
    expect(seen.filter?.(area)).toBe(false);
    expect(seen.filter?.(document.createElement('span'))).toBe(true);
  });

  it('draws nothing without a timeline', async () => {
    expect(await timelinePicture(document)).toBeUndefined();
  });
});
