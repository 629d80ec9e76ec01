// A list's keyboard moves open the detail beside a wide list, but not over a narrow one.
import { describe, expect, it } from 'vitest';
import { createSelectionStore } from './selection-store.js';

const A = { runKey: 'r#0', toolCallId: 'a' };
const B = { runKey: 'r#0', toolCallId: 'b' };

describe('moves through a list', () => {
  it('open the detail beside the list', () => {
    const s = createSelectionStore();
    s.moveToCall(A);
    expect(s.detail.value).toBe('call');
  });

  it('leave a covering pane closed, and keep one open that is open', () => {
    const s = createSelectionStore();
    s.detailCoversList.value = true;
    s.moveToCall(A);
    expect(s.call.value).toEqual(A);
    expect(s.detail.value).toBeUndefined();
    s.moveToEvent({ streamId: 's', index: 3 });
    expect(s.detail.value).toBeUndefined();
    // Opened (a click, Enter), the pane follows the moves.
    s.selectCall(A);
    s.moveToCall(B);
    expect(s.call.value).toEqual(B);
    expect(s.detail.value).toBe('call');
  });
});

describe('a tab picked', () => {
  it('narrow: the covering pane gives way to the view, the selection kept', () => {
    const s = createSelectionStore();
    s.detailCoversList.value = true;
    s.selectRun('r#0');
    expect(s.detail.value).toBe('run');
    s.showView('findings');
    expect(s.view.value).toBe('findings');
    expect(s.detail.value).toBeUndefined();
    expect(s.run.value).toBe('r#0');
  });

  it('wide: the detail stays beside the next view', () => {
    const s = createSelectionStore();
    s.selectRun('r#0');
    s.showView('findings');
    expect(s.detail.value).toBe('run');
  });
});
