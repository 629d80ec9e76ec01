// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { Scrubber } from './Scrubber.js';

afterEach(cleanup);

function scrubber(play?: { playing: boolean; toggle: () => void }) {
  const moves: string[] = [];
  const ui = render(
    <Scrubber
      name="Delta scrubber"
      noun="delta"
      rangeName="Delta"
      at={1}
      count={3}
      nextGlyph="▶▏"
      status="delta 2 / 3"
      onStep={(d) => moves.push(`step ${d}`)}
      onPick={(i) => moves.push(`pick ${i}`)}
      {...(play ? { play } : {})}
    />,
  );
  return { ui, moves };
}

describe('Scrubber', () => {
  it('names its parts after the noun, and plays only when given play', () => {
    const plain = scrubber();
    expect(plain.ui.getByRole('group', { name: 'Delta scrubber' })).toBeTruthy();
    expect(plain.ui.getByRole('button', { name: 'Previous delta' })).toBeTruthy();
    expect(plain.ui.getByRole('button', { name: 'Next delta' })).toBeTruthy();
    expect(plain.ui.queryByRole('button', { name: 'Play deltas' })).toBeNull();
    expect(plain.ui.getByRole('slider', { name: 'Delta' }).getAttribute('aria-valuetext')).toBe('delta 2 of 3');
    cleanup();
    const toggles: number[] = [];
    const playing = scrubber({ playing: false, toggle: () => toggles.push(1) });
    fireEvent.click(playing.ui.getByRole('button', { name: 'Play deltas' }));
    fireEvent.keyDown(playing.ui.getByRole('slider', { name: 'Delta' }), { key: 'Enter' });
    expect(toggles).toHaveLength(2);
  });

  it('steps with the buttons and j / k, jumps with the range, and leaves modified keys alone', () => {
    const { ui, moves } = scrubber();
    const range = ui.getByRole('slider', { name: 'Delta' });
    fireEvent.click(ui.getByRole('button', { name: 'Next delta' }));
    fireEvent.click(ui.getByRole('button', { name: 'Previous delta' }));
    fireEvent.keyDown(range, { key: 'j' });
    fireEvent.keyDown(range, { key: 'k' });
    fireEvent.keyDown(range, { key: 'j', ctrlKey: true });
    fireEvent.keyDown(range, { key: 'Enter' });
    (range as HTMLInputElement).value = '2';
    fireEvent.input(range);
    expect(moves).toEqual(['step 1', 'step -1', 'step 1', 'step -1', 'pick 2']);
  });
});
