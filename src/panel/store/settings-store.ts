// Settings the user expects the panel to remember between openings (filters, preserve
// log, theme override, events view mode, timeline label width). Persisted to localStorage; a broken or
// foreign value falls back to the defaults instead of breaking the panel.
import { effect, signal, type Signal } from '@preact/signals';
import type { Severity } from '../../core/findings.js';
import { DEFAULT_SESSION_CAP_MB } from './health.js';

export type ThemeOverride = 'auto' | 'light' | 'dark';

export interface Settings {
  readonly filterText: string;
  readonly severities: Readonly<Record<Severity, boolean>>;
  readonly preserveLog: boolean;
  readonly theme: ThemeOverride;
  readonly expandedEvents: boolean;
  /** Width in px of the timeline's label column (dragged or keyed on its splitter); undefined
   *  until the user sets it: the column then follows the panel's width (autoLabelWidth). */
  readonly timelineLabelWidth: number | undefined;
  /** Session-wide memory cap in MB (one of SESSION_CAP_CHOICES_MB). */
  readonly sessionCapMb: number;
  /** The detail pane's share of the main area in % (its width beside the view, its height below it). */
  readonly detailSizePct: number;
  /** Seconds a body may stay open after RUN_FINISHED/RUN_ERROR before it is a finding. */
  readonly openAfterTerminalS: number;
  /** Seconds an open run may go without an event (keep-alives aside) before it is a stall. */
  readonly stallS: number;
}

/** The timing thresholds the user can pick, in seconds (defaults: 5 and 30, as the peers use). */
export const OPEN_AFTER_TERMINAL_CHOICES_S: readonly number[] = [1, 2, 5, 10, 30, 60];
export const STALL_CHOICES_S: readonly number[] = [5, 10, 15, 30, 60, 120];

/** Session caps the user can pick; the default is documented in docs/capture.md. */
export const SESSION_CAP_CHOICES_MB: readonly number[] = [128, 256, 512, 1024, 2048];

export const LABEL_WIDTH_MIN = 120;
export const LABEL_WIDTH_MAX = 640;
export const clampLabelWidth = (px: number): number =>
  Math.round(Math.min(LABEL_WIDTH_MAX, Math.max(LABEL_WIDTH_MIN, px)));

/** The label column before the user sizes it: 220 px, narrower in a narrow panel (30 % of
 *  the panel's width, at least LABEL_WIDTH_MIN). 0 (not measured yet) gives the default. */
export const autoLabelWidth = (panelPx: number): number =>
  panelPx > 0 ? clampLabelWidth(Math.min(220, panelPx * 0.3)) : 220;

export const DETAIL_SIZE_MIN = 20;
export const DETAIL_SIZE_MAX = 80;
export const clampDetailSize = (pct: number): number =>
  Math.round(Math.min(DETAIL_SIZE_MAX, Math.max(DETAIL_SIZE_MIN, pct)));

export const DEFAULT_SETTINGS: Settings = {
  filterText: '',
  severities: { error: true, warning: true, notice: true },
  preserveLog: false,
  theme: 'auto',
  expandedEvents: false,
  timelineLabelWidth: undefined,
  sessionCapMb: DEFAULT_SESSION_CAP_MB,
  detailSizePct: 44,
  openAfterTerminalS: 5,
  stallS: 30,
};

export const SETTINGS_KEY = 'agui-inspector.panel.settings';

/** The part of Storage the settings need (tests pass a Map-backed fake or none). */
export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const oneOfOr = (value: unknown, choices: readonly number[], fallback: number): number =>
  typeof value === 'number' && choices.includes(value) ? value : fallback;

function readSettings(storage: SettingsStorage | undefined): Settings {
  try {
    const raw = storage?.getItem(SETTINGS_KEY);
    if (!raw) return DEFAULT_SETTINGS;
    const v = JSON.parse(raw) as Partial<Settings> | null;
    if (typeof v !== 'object' || v === null) return DEFAULT_SETTINGS;
    const sev = (v.severities ?? {}) as Partial<Record<Severity, unknown>>;
    return {
      filterText: typeof v.filterText === 'string' ? v.filterText : '',
      severities: {
        error: sev.error !== false,
        warning: sev.warning !== false,
        notice: sev.notice !== false,
      },
      preserveLog: v.preserveLog === true,
      theme: v.theme === 'light' || v.theme === 'dark' ? v.theme : 'auto',
      expandedEvents: v.expandedEvents === true,
      timelineLabelWidth:
        typeof v.timelineLabelWidth === 'number' && Number.isFinite(v.timelineLabelWidth)
          ? clampLabelWidth(v.timelineLabelWidth)
          : undefined,
      sessionCapMb:
        typeof v.sessionCapMb === 'number' && SESSION_CAP_CHOICES_MB.includes(v.sessionCapMb)
          ? v.sessionCapMb
          : DEFAULT_SESSION_CAP_MB,
      detailSizePct:
        typeof v.detailSizePct === 'number' && Number.isFinite(v.detailSizePct)
          ? clampDetailSize(v.detailSizePct)
          : DEFAULT_SETTINGS.detailSizePct,
      openAfterTerminalS: oneOfOr(
        v.openAfterTerminalS,
        OPEN_AFTER_TERMINAL_CHOICES_S,
        DEFAULT_SETTINGS.openAfterTerminalS,
      ),
      stallS: oneOfOr(v.stallS, STALL_CHOICES_S, DEFAULT_SETTINGS.stallS),
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export interface SettingsStore {
  readonly settings: Signal<Settings>;
  update(patch: Partial<Settings>): void;
  toggleSeverity(severity: Severity): void;
  dispose(): void;
}

export function createSettingsStore(storage: SettingsStorage | undefined): SettingsStore {
  const settings = signal(readSettings(storage));
  const dispose = effect(() => {
    const value = settings.value;
    try {
      storage?.setItem(SETTINGS_KEY, JSON.stringify(value));
    } catch {
      // Storage full or blocked (e.g. opaque origin): the panel still works, it just forgets.
    }
  });
  return {
    settings,
    update(patch) {
      settings.value = { ...settings.value, ...patch };
    },
    toggleSeverity(severity) {
      const s = settings.value.severities;
      settings.value = { ...settings.value, severities: { ...s, [severity]: !s[severity] } };
    },
    dispose,
  };
}
