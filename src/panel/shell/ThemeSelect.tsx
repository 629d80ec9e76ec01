import type { ThemeOverride } from '../store/settings-store.js';
import { usePanel } from '../store-context.js';

/** Theme override: follow DevTools (auto) or force light/dark. */
export function ThemeSelect() {
  const { store } = usePanel();
  return (
    <select
      class="tb-select"
      aria-label="Theme"
      value={store.settings.settings.value.theme}
      onChange={(e) => store.settings.update({ theme: (e.currentTarget as HTMLSelectElement).value as ThemeOverride })}
    >
      <option value="auto">Theme: auto</option>
      <option value="light">Theme: light</option>
      <option value="dark">Theme: dark</option>
    </select>
  );
}
