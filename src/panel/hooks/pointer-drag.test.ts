// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { trackDrag } from './pointer-drag.js';

const pointer = (type: string, clientX: number): PointerEvent =>
  new PointerEvent(type, { clientX, pointerId: 1, bubbles: true });

describe('trackDrag', () => {
  it('previews every move, commits the last value once on release, then stops listening', () => {
    const el = document.createElement('div');
    const captured: number[] = [];
    el.setPointerCapture = (id: number) => void captured.push(id);
    const previews: number[] = [];
    const commits: number[] = [];
    trackDrag(
      el,
      pointer('pointerdown', 100),
      7,
      (ev) => ev.clientX * 2,
      (v) => previews.push(v),
      (v) => commits.push(v),
    );
    expect(captured).toEqual([1]);
    el.dispatchEvent(pointer('pointermove', 110));
    el.dispatchEvent(pointer('pointermove', 130));
    el.dispatchEvent(pointer('pointerup', 130));
    el.dispatchEvent(pointer('pointermove', 500));
    el.dispatchEvent(pointer('pointerup', 500));
    expect(previews).toEqual([220, 260]);
    expect(commits).toEqual([260]);
  });

  it('a cancelled drag without moves commits the starting value', () => {
    const el = document.createElement('div');
    el.setPointerCapture = () => undefined;
    const commits: number[] = [];
    trackDrag(
      el,
      pointer('pointerdown', 0),
      42,
      () => 0,
      () => undefined,
      (v) => commits.push(v),
    );
    el.dispatchEvent(pointer('pointercancel', 0));
    expect(commits).toEqual([42]);
  });
});
