// How long a banner notice stays. A confirmation ("Copied …", "Exported …") fades after a few
// seconds, as DevTools' own toasts do; a notice the user may still need to act on or read
// (a failure, what an import noticed, what an export redacted) stays until dismissed and
// says why.

/** A confirmation's time on screen before it fades. */
export const NOTICE_FADE_MS = 4000;

export type NoticeLife = { readonly fades: true } | { readonly fades: false; readonly why: string };

const CONFIRMATIONS = /^(Copied |Exported |Note added |Kept |Imported |Loaded |Answered in run )/;

export function noticeLife(text: string, redacted: boolean): NoticeLife {
  if (redacted) return { fades: false, why: 'it lists what was redacted' };
  if (/^(Could not|Fix the|Nothing to|The page navigated)/.test(text) || / with error: /.test(text))
    return { fades: false, why: 'something needs your attention' };
  // An import that noticed something says so in parentheses: that stays to be read.
  if (text.startsWith('Imported ') && text.endsWith(')'))
    return { fades: false, why: 'it lists what the import noticed' };
  return CONFIRMATIONS.test(text) ? { fades: true } : { fades: false, why: 'it may need your attention' };
}
