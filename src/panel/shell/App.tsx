import { useEffect, useRef, useState } from 'preact/hooks';
import type { ReadonlySignal } from '@preact/signals';
import { stepFinding } from '../actions.js';
import { focusActiveView, focusActiveViewAfterRender, VIEW_ID } from '../focus.js';
import { coversList, DetailOverlayContext, useElementWidth } from '../hooks/detail-overlay.js';
import { readFileBytes } from '../io/read-file.js';
import type { ThemeName } from '../theme.js';
import { usePanel } from '../store-context.js';
import { Banner } from './Banner.js';
import { CompareView } from '../compare/CompareView.js';
import { DetailPane } from '../detail/DetailPane.js';
import { OfflineWelcome } from './OfflineWelcome.js';
import { FILTER_INPUT_ID, Toolbar } from './Toolbar.js';
import { ViewTabs } from './ViewTabs.js';
import { ReplaySection } from '../replay/ReplaySection.js';
import { BugReportPane } from './BugReportPane.js';
import { RedactedFindings } from './RedactedFindings.js';
import { VIEW_COMPONENTS } from './view-components.js';
import { importFile } from '../io/import-actions.js';

/** Inputs that take typed text (or type-ahead): single-letter keys belong to them there. */
const NON_TEXT_INPUTS = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color']);
const isTyping = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement &&
  ((t instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(t.type)) ||
    t.tagName === 'TEXTAREA' ||
    t.tagName === 'SELECT' ||
    t.isContentEditable);

/** The whole panel: toolbar, status, tabs, the active view and the detail pane. */
export function App({ systemTheme }: { readonly systemTheme: ReadonlySignal<ThemeName> }) {
  const { store } = usePanel();
  const [dragging, setDragging] = useState(false);
  const override = store.settings.settings.value.theme;
  const theme = override === 'auto' ? systemTheme.value : override;
  const view = store.selection.view.value;
  const View = VIEW_COMPONENTS[view];
  const empty = store.offline && store.capture.model.value.streams.length === 0 && !store.importedName.value;
  const root = useRef<HTMLDivElement>(null);
  const overlay = coversList(useElementWidth(root));
  const { detailCoversList } = store.selection;
  useEffect(() => {
    detailCoversList.value = overlay;
  }, [overlay, detailCoversList]);

  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape') {
      if (overlay && store.selection.detail.value) {
        // Back to the list: the selection stays, and so does the list's scroll.
        store.selection.detail.value = undefined;
        focusActiveViewAfterRender();
      } else if (store.selection.detail.value) {
        store.selection.selectRun(undefined);
        store.selection.selectCall(undefined);
        store.selection.selectEvent(undefined);
        // The pane that may hold focus goes away: give it back to the list it came from.
        focusActiveView();
      } else if (store.settings.settings.peek().filterText) store.settings.update({ filterText: '' });
      return;
    }
    if (isTyping(e.target)) return;
    if (e.key === '/') {
      e.preventDefault();
      document.getElementById(FILTER_INPUT_ID)?.focus();
    } else if (e.key === 'n' || e.key === 'N') {
      e.preventDefault();
      stepFinding(store, e.key === 'n' ? 1 : -1);
    }
  };
  const onDrop = async (e: DragEvent): Promise<void> => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer?.files[0];
    if (file) importFile(store, file.name, await readFileBytes(file));
  };
  return (
    <DetailOverlayContext.Provider value={overlay}>
      <div
        ref={root}
        class={`agui-root theme-${theme}`}
        data-theme={theme}
        onKeyDown={onKeyDown}
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={(e) => {
          if (e.target === e.currentTarget) setDragging(false);
        }}
        onDrop={(e) => void onDrop(e)}
      >
        <Toolbar />
        <Banner />
        <ReplaySection />
        <BugReportPane />
        <RedactedFindings />
        {empty ? (
          <OfflineWelcome />
        ) : (
          <>
            <ViewTabs />
            <div class="main">
              {store.compare.open.value ? (
                <CompareView />
              ) : (
                <div id={VIEW_ID} class="view" role="tabpanel" aria-labelledby={`tab-${view}`}>
                  <View />
                </div>
              )}
              <DetailPane />
            </div>
          </>
        )}
        {dragging && (
          <div class="dropzone" aria-hidden="true">
            Drop a file to import it
          </div>
        )}
      </div>
    </DetailOverlayContext.Provider>
  );
}
