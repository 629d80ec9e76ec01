/**
 * Follows one pointer drag from its pointerdown on `el` (captured, so the drag survives
 * leaving the element): `at` maps each move to a value shown with `preview`, and the last
 * value is committed once when the pointer is released or the drag cancelled.
 */
export function trackDrag(
  el: HTMLElement,
  down: PointerEvent,
  first: number,
  at: (ev: PointerEvent) => number,
  preview: (value: number) => void,
  commit: (value: number) => void,
): void {
  el.setPointerCapture(down.pointerId);
  let last = first;
  const move = (ev: PointerEvent): void => {
    last = at(ev);
    preview(last);
  };
  const up = (): void => {
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', up);
    commit(last);
  };
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
}
