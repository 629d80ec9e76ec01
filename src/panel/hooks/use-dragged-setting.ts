// A size the user drags (the detail pane, the timeline's label column): while dragged it
// lives in the component, so settings are written once, on release, not on every move.
import { useState } from 'preact/hooks';
import type { Settings, SettingsStore } from '../store/settings-store.js';

type SizeKey = 'detailSizePct' | 'timelineLabelWidth';

export interface DraggedSetting {
  /** The size being dragged to; undefined when no drag is on (the setting holds). */
  readonly dragged: number | undefined;
  readonly preview: (size: number) => void;
  readonly commit: (size: number) => void;
}

export function useDraggedSetting(settings: SettingsStore, key: SizeKey): DraggedSetting {
  const [dragged, setDragged] = useState<number | undefined>(undefined);
  return {
    dragged,
    preview: setDragged,
    commit: (size) => {
      setDragged(undefined);
      settings.update({ [key]: size } as Partial<Settings>);
    },
  };
}
