// Which palette to use: the settings override, else DevTools' own theme (followed live
// when the extension API offers a change handler), else the OS preference.
import { signal, type ReadonlySignal } from '@preact/signals';

export type ThemeName = 'light' | 'dark';

export interface ThemeSource {
  readonly theme: ReadonlySignal<ThemeName>;
  dispose(): void;
}

/** DevTools reports 'default' or 'dark'. */
export function themeFromDevtools(name: string | undefined): ThemeName | undefined {
  if (name === 'dark') return 'dark';
  if (name === 'default' || name === 'light') return 'light';
  return undefined;
}

export function createMediaThemeSource(win: Pick<Window, 'matchMedia'> | undefined): ThemeSource {
  const query = win?.matchMedia?.('(prefers-color-scheme: dark)');
  const theme = signal<ThemeName>(query?.matches ? 'dark' : 'light');
  const onChange = (e: MediaQueryListEvent): void => {
    theme.value = e.matches ? 'dark' : 'light';
  };
  query?.addEventListener?.('change', onChange);
  return { theme, dispose: () => query?.removeEventListener?.('change', onChange) };
}

/** A source fed by DevTools' themeName and setThemeChangeHandler (extension/panel.ts wires it). */
export function createDevtoolsThemeSource(
  initial: string,
  onChangeHandler?: (cb: (name: string) => void) => () => void,
): ThemeSource {
  const theme = signal<ThemeName>(themeFromDevtools(initial) ?? 'light');
  const dispose = onChangeHandler?.((name) => {
    theme.value = themeFromDevtools(name) ?? theme.value;
  });
  return { theme, dispose: () => dispose?.() };
}
