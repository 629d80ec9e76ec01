// The rarely changed settings (theme, session memory cap, timing thresholds, worker-stream counter) behind a
// gear, as DevTools' panels keep theirs: the toolbar keeps its room for what is used often.
// A non-modal dialog: Escape or a click outside closes it and focus returns to the gear.
import { useEffect, useRef, useState } from 'preact/hooks';
import { SessionCapSelect } from './SessionCapSelect.js';
import { ThemeSelect } from './ThemeSelect.js';
import { TimingLimitsSelect } from './TimingLimitsSelect.js';
import { WorkerCounterToggle } from './WorkerCounterToggle.js';

export function SettingsMenu() {
  const [open, setOpen] = useState(false);
  const gear = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const close = (): void => {
    setOpen(false);
    gear.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    popup.current?.querySelector<HTMLElement>('select, button')?.focus();
    const outside = (e: PointerEvent): void => {
      const t = e.target as Node | null;
      if (t && !popup.current?.contains(t) && !gear.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  return (
    <span class="settings-anchor">
      <button
        ref={gear}
        type="button"
        class="tb-btn settings-gear"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'agui-settings' : undefined}
        aria-label="Settings"
        title="Settings: theme, memory cap, timing thresholds, worker streams"
        onClick={() => setOpen(!open)}
      >
        ⚙
      </button>
      {open && (
        <div
          ref={popup}
          id="agui-settings"
          class="menu settings-menu"
          role="dialog"
          aria-label="Settings"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <ThemeSelect />
          <SessionCapSelect />
          <TimingLimitsSelect />
          <WorkerCounterToggle />
        </div>
      )}
    </span>
  );
}
