// Where keyboard focus goes when the panel moves it: the detail pane on Enter, and back
// to the active view's list when that pane closes (Esc), so focus is never dropped on
// <body> where the view's keys (arrows, j / k) would stop working.
export const DETAIL_ID = 'agui-detail';
export const VIEW_ID = 'agui-view';

export function focusDetail(): void {
  const el = document.getElementById(DETAIL_ID);
  if (el) el.focus();
  // The pane mounts on the render that follows the selection this key just made.
  else setTimeout(() => document.getElementById(DETAIL_ID)?.focus(), 0);
}

/** The focusable list of the view on screen (timeline lanes, events, findings). */
export function focusActiveView(): void {
  document.querySelector<HTMLElement>(`#${VIEW_ID} [data-nav-list]`)?.focus();
}

/** As focusActiveView, once the render under way has shown the view (a covering pane gone). */
export function focusActiveViewAfterRender(): void {
  setTimeout(focusActiveView, 0);
}
