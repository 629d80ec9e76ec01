import { useRef, useState } from 'preact/hooks';
import { buildExport, buildHarExport, copyWithNotice, lintCommand, saveExport } from '../io/export-actions.js';
import { callToJson, eventToJson, jsonText, runToJson } from '../core-deps.js';
import { usePanel } from '../store-context.js';
import { selectedCall } from '../derive/selected.js';
import { BugReportDialog } from './BugReportDialog.js';

/** Export (session, run; plain, redacted or strict) and copy (event, call, run as JSON; lint command). */
export function ExportMenu() {
  const { store } = usePanel();
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const run = store.selectedRun.value;
  const call = selectedCall(store);
  const ev = store.selection.event.value;
  const close = (): void => {
    setOpen(false);
    button.current?.focus();
  };
  const act = (fn: () => void | Promise<void>) => () => {
    close();
    void fn();
  };
  const exportAs = (redacted: boolean, runKey?: string, hideLengths = false, strict = false) =>
    act(() =>
      saveExport(
        store,
        buildExport(store, { redacted, hideLengths, strict, now: Date.now(), ...(runKey ? { runKey } : {}) }),
      ),
    );
  const items: { label: string; onClick: () => void; disabled?: boolean }[] = [
    { label: 'Export session…', onClick: exportAs(false) },
    { label: 'Export session (redacted)…', onClick: exportAs(true) },
    { label: 'Export session (redacted, lengths hidden)…', onClick: exportAs(true, undefined, true) },
    { label: 'Export session (strict: ids and names too)…', onClick: exportAs(true, undefined, false, true) },
    {
      label: 'Export HAR…',
      onClick: act(() => saveExport(store, buildHarExport(store, Date.now()))),
      disabled: store.capture.model.value.runs.length === 0,
    },
    {
      label: run ? `Export run ${run.runId}…` : 'Export run… (select a run)',
      onClick: exportAs(false, run?.key),
      disabled: !run,
    },
    {
      label: run ? `Export run ${run.runId} (redacted)…` : 'Export run (redacted)…',
      onClick: exportAs(true, run?.key),
      disabled: !run,
    },
    {
      label: run ? `Export run ${run.runId} (strict)…` : 'Export run (strict)…',
      onClick: exportAs(true, run?.key, false, true),
      disabled: !run,
    },
    { label: 'Export bug report…', onClick: act(() => setReporting(true)) },
    {
      label: 'Copy run as JSON',
      onClick: act(() => run && copyWithNotice(store, 'run', jsonText(runToJson(run)))),
      disabled: !run,
    },
    {
      label: 'Copy call as JSON',
      onClick: act(() => call && copyWithNotice(store, 'call', jsonText(callToJson(call)))),
      disabled: !call,
    },
    {
      label: 'Copy event as JSON',
      disabled: !ev,
      onClick: act(() => {
        if (!ev) return;
        const streams = store.capture.model.peek().streams;
        for (let i = 0; i < streams.length; i++) {
          const s = streams[i];
          if (s?.info.streamId !== ev.streamId) continue;
          const e = ev.expanded ? s.expanded.at(ev.index) : s.rawEvents.at(ev.index);
          if (e) return copyWithNotice(store, 'event', jsonText(eventToJson(e)));
        }
      }),
    },
    {
      label: 'Copy lint command',
      disabled: !store.lastExport.value,
      onClick: act(() => {
        const last = store.lastExport.peek();
        if (last) return copyWithNotice(store, 'lint command', lintCommand(last.name));
      }),
    },
  ];
  return (
    <span style={{ position: 'relative' }}>
      <button
        ref={button}
        type="button"
        class="tb-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Export and copy"
        onClick={() => setOpen(!open)}
      >
        Export ▾
      </button>
      {open && (
        <div
          class="menu"
          role="menu"
          aria-label="Export and copy"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const all = [
                ...(e.currentTarget as HTMLElement).querySelectorAll<HTMLButtonElement>('button:not([disabled])'),
              ];
              const at = all.indexOf(document.activeElement as HTMLButtonElement);
              all[(at + (e.key === 'ArrowDown' ? 1 : -1) + all.length) % all.length]?.focus();
            }
          }}
        >
          {items.map((it, i) => (
            <button
              key={it.label}
              type="button"
              role="menuitem"
              disabled={it.disabled}
              onClick={it.onClick}
              autoFocus={i === 0}
            >
              {it.label}
            </button>
          ))}
        </div>
      )}
      {reporting && (
        <BugReportDialog
          onClose={() => {
            setReporting(false);
            button.current?.focus();
          }}
        />
      )}
    </span>
  );
}
