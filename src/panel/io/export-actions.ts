// Export and copy actions behind the toolbar's Export menu.
import type { ExportOutcome, PanelStore } from '../store/panel-store.js';
import { HIDE_LENGTHS_NOTE, sessionToHar } from '../core-deps.js';
import { copyText } from './clipboard.js';
import { claimFileName, downloadBlob, fileStamp } from './download.js';

declare const __AGUI_VERSION__: string;

export const extensionVersion = (): string => (typeof __AGUI_VERSION__ === 'string' ? __AGUI_VERSION__ : 'dev');
const version = extensionVersion;

export function buildExport(
  store: PanelStore,
  opts: {
    readonly runKey?: string;
    readonly redacted: boolean;
    readonly hideLengths?: boolean;
    /** Redacted exports: ids, names, state keys and URL path segments become pseudonyms too. */
    readonly strict?: boolean;
    readonly now: number;
  },
): ExportOutcome {
  const model = store.capture.model.peek();
  const options = {
    extensionVersion: version(),
    exportedAt: opts.now,
    ...(opts.runKey ? { runKeys: [opts.runKey] } : {}),
    ...(opts.hideLengths === true ? { hideLengths: true } : {}),
    ...(opts.strict === true ? { strict: true } : {}),
    notes: store.notes.list.peek(),
  };
  const level = opts.redacted ? (opts.strict === true ? '-strict' : '-redacted') : '';
  const base = `agui-session-${fileStamp(opts.now)}${opts.runKey ? '-run' : ''}${level}.json`;
  if (opts.redacted) {
    const r = store.core.exportRedacted(model, options);
    // Fixed-token masks move some findings: say which, first in the list.
    const redactions = opts.hideLengths === true ? [`Note: ${HIDE_LENGTHS_NOTE}`, ...r.redactions] : r.redactions;
    return { name: base, text: r.text, redactions };
  }
  return { name: base, text: store.core.exportSession(model, options) };
}

/**
 * The session's recorded streams as a HAR (DevTools Network's "Save all as HAR" habit), for
 * `agui-inspector lint`, `serve` and `probe`. Not redacted: what the tap recorded, whose
 * credential headers it already masked.
 */
export function buildHarExport(store: PanelStore, now: number): ExportOutcome {
  const name = `agui-session-${fileStamp(now)}.har`;
  return { name, text: sessionToHar(store.capture.model.peek(), name, version()) };
}

export function lintCommand(fileName: string): string {
  // Quote for POSIX shells: the name is ours, but keep it safe if a user renames it.
  return `npx agui-inspector lint '${fileName.replace(/'/g, `'\\''`)}'`;
}

export function saveExport(store: PanelStore, built: ExportOutcome): void {
  const out = { ...built, name: claimFileName(built.name) };
  downloadBlob(out.name, out.text);
  store.lastExport.value = out;
  const red = out.redactions ? ' (redacted: data masked, credentials removed)' : '';
  store.notice.value = `Exported ${out.name}${red}`;
}

export async function copyWithNotice(store: PanelStore, what: string, text: string): Promise<void> {
  const ok = await copyText(text);
  store.notice.value = ok ? `Copied ${what}` : `Could not copy ${what} (clipboard blocked)`;
}
