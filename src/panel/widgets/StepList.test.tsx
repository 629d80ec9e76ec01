// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { StepList } from './StepList.js';

afterEach(cleanup);

function list(at: number, count = 30) {
  const picks: number[] = [];
  const steps = Array.from({ length: count }, (_, i) => `step ${i}`);
  const ui = render(
    <StepList
      view="Surface"
      steps={steps}
      at={at}
      onPick={(i) => picks.push(i)}
      row={(s, i) => ({ place: `${i + 1}`, text: s, failed: i === 2 })}
    />,
  );
  return { ui, picks, box: ui.getByRole('listbox', { name: 'Surface steps' }) };
}

describe('StepList', () => {
  it('is named after its view, marks the step shown and a failed one', () => {
    const { ui, box } = list(1);
    expect(box.classList.contains('surface-steps')).toBe(true);
    const selected = ui.getByRole('option', { selected: true });
    expect(selected.textContent).toBe('2step 1');
    expect(box.getAttribute('aria-activedescendant')).toBe(selected.id);
    expect(ui.getByRole('option', { name: /step 2$/ }).classList.contains('sev-error')).toBe(true);
  });

  it('moves by one, by a page, to either end, never past them, and picks on click', () => {
    const { ui, picks, box } = list(5);
    for (const key of ['ArrowDown', 'k', 'PageDown', 'PageUp', 'Home', 'End']) fireEvent.keyDown(box, { key });
    expect(picks).toEqual([6, 4, 25, 0, 0, 29]);
    fireEvent.keyDown(box, { key: 'ArrowDown', ctrlKey: true });
    expect(picks).toHaveLength(6);
    fireEvent.click(ui.getByRole('option', { name: /step 3$/ }));
    expect(picks.at(-1)).toBe(3);
  });
});
