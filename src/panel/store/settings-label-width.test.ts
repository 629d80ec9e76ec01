import { describe, expect, it } from 'vitest';
import {
  LABEL_WIDTH_MIN,
  SETTINGS_KEY,
  autoLabelWidth,
  createSettingsStore,
  type SettingsStorage,
} from './settings-store.js';

const memory = (init: Record<string, string> = {}): SettingsStorage & { map: Map<string, string> } => {
  const map = new Map(Object.entries(init));
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
};

describe('timeline label width', () => {
  it('follows the panel until the user sizes it: 220 px when wide, narrower when narrow', () => {
    expect(autoLabelWidth(1280)).toBe(220);
    const narrow = autoLabelWidth(500);
    expect(narrow).toBeLessThan(220);
    expect(narrow).toBeLessThanOrEqual(500 * 0.3);
    expect(autoLabelWidth(200)).toBe(LABEL_WIDTH_MIN);
    // Not measured yet (no layout): the wide default.
    expect(autoLabelWidth(0)).toBe(220);
  });

  it('is unset in fresh settings and remembered once the user sets it', () => {
    const storage = memory();
    const s = createSettingsStore(storage);
    expect(s.settings.value.timelineLabelWidth).toBeUndefined();
    s.settings.value = { ...s.settings.value, timelineLabelWidth: 300 };
    s.dispose();
    expect(createSettingsStore(storage).settings.value.timelineLabelWidth).toBe(300);
    const broken = memory({ [SETTINGS_KEY]: JSON.stringify({ timelineLabelWidth: 'wide' }) });
    expect(createSettingsStore(broken).settings.value.timelineLabelWidth).toBeUndefined();
  });
});
