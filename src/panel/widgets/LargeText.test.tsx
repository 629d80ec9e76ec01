// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { LargeText, PREVIEW_CHARS } from './LargeText.js';

afterEach(cleanup);

describe('LargeText', () => {
  it('previews MB-sized text, shows all on demand, downloads as a Blob', () => {
    const text = 'x'.repeat(PREVIEW_CHARS * 50);
    render(<LargeText text={text} name="big.txt" label="Big" />);
    const pre = screen.getByLabelText('Big');
    expect(pre.textContent?.length).toBe(PREVIEW_CHARS + 1);
    const create = vi.fn(() => 'blob:test');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(create).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(screen.getByLabelText('Big').textContent?.length).toBe(text.length);
  });

  it('shows short text whole, with no controls', () => {
    render(<LargeText text="short" name="s.txt" label="Small" />);
    expect(screen.getByLabelText('Small').textContent).toBe('short');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
