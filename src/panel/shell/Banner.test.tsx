// @vitest-environment happy-dom
// Notices: a confirmation fades after a few seconds; one the user may need stays and says why.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { NOTICE_FADE_MS } from '../derive/notice-life.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  vi.useRealTimers();
});

const say = (p: RenderedPanel, text: string): void => {
  act(() => {
    p.store.notice.value = text;
  });
};
const notice = (p: RenderedPanel) => within(p.el).queryByRole('status', { name: 'Notice' });

describe('banner notices', () => {
  it('a confirmation goes away by itself, and not while the pointer is on it', () => {
    vi.useFakeTimers();
    panel = renderPanel();
    say(panel, 'Copied lint command');
    expect(notice(panel)?.textContent).toContain('Copied lint command');
    expect(notice(panel)?.textContent).not.toContain('Stays until dismissed');
    act(() => void fireEvent.mouseEnter(notice(panel!)!));
    act(() => void vi.advanceTimersByTime(NOTICE_FADE_MS * 2));
    expect(notice(panel)).not.toBeNull();
    act(() => void fireEvent.mouseLeave(notice(panel!)!));
    act(() => void vi.advanceTimersByTime(NOTICE_FADE_MS + 10));
    expect(notice(panel)).toBeNull();
  });

  it('a failure stays and says why', () => {
    vi.useFakeTimers();
    panel = renderPanel();
    say(panel, 'Could not import x.har: not a HAR');
    act(() => void vi.advanceTimersByTime(NOTICE_FADE_MS * 10));
    expect(notice(panel)?.textContent).toContain('Stays until dismissed: something needs your attention.');
    act(() => void fireEvent.click(within(notice(panel!)!).getByRole('button', { name: 'Dismiss notice' })));
    expect(notice(panel)).toBeNull();
  });
});
