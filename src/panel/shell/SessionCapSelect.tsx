import { SESSION_CAP_CHOICES_MB } from '../store/settings-store.js';
import { usePanel } from '../store-context.js';

/** The session-wide memory cap: past it the oldest runs go (or capture stops), and health says so. */
export function SessionCapSelect() {
  const { store } = usePanel();
  const value = store.settings.settings.value.sessionCapMb;
  if (store.offline) return null;
  return (
    <label
      class="tb-check"
      title="Session memory cap: past it, the oldest runs are evicted and capture health says how many"
    >
      Cap
      <select
        aria-label="Session memory cap"
        value={String(value)}
        onChange={(e) => store.settings.update({ sessionCapMb: Number((e.currentTarget as HTMLSelectElement).value) })}
      >
        {SESSION_CAP_CHOICES_MB.map((mb) => (
          <option key={mb} value={String(mb)}>
            {mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`}
          </option>
        ))}
      </select>
    </label>
  );
}
