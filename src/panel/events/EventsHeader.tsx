import { trackDrag } from '../hooks/pointer-drag.js';

export interface EventColumnWidths {
  readonly type: number;
  readonly id: number;
}

export const DEFAULT_EVENT_COLUMNS: EventColumnWidths = { type: 200, id: 130 };
/** In a panel of 600 px or less: the summary keeps over a quarter of a 500 px panel. */
export const NARROW_EVENT_COLUMNS: EventColumnWidths = { type: 130, id: 80 };
const MIN = 40;
const MAX = 600;
const clamp = (px: number): number => Math.round(Math.min(MAX, Math.max(MIN, px)));

/** A column's right border: dragged, or moved with ← → (Shift: bigger steps). */
function ColumnResizer({
  name,
  width,
  onWidth,
}: {
  readonly name: string;
  readonly width: number;
  onWidth(px: number): void;
}) {
  return (
    <span
      class="ev-col-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${name} column`}
      aria-valuenow={width}
      aria-valuemin={MIN}
      aria-valuemax={MAX}
      tabIndex={0}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        const startX = e.clientX;
        trackDrag(e.currentTarget, e, width, (ev) => clamp(width + ev.clientX - startX), onWidth, onWidth);
      }}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 50 : 10;
        const d = e.key === 'ArrowRight' ? step : e.key === 'ArrowLeft' ? -step : 0;
        if (d === 0 || e.altKey || e.ctrlKey || e.metaKey) return;
        e.preventDefault();
        onWidth(clamp(width + d));
      }}
    />
  );
}

/** Column names over the Events list; numbering (#) is per stream, from 0. */
export function EventsHeader({
  widths,
  onWidths,
}: {
  readonly widths: EventColumnWidths;
  onWidths(next: EventColumnWidths): void;
}) {
  return (
    <div class="ev-head" role="group" aria-label="Event columns">
      <span class="cell ev-idx" title="Event number in its stream, from #0">
        #
      </span>
      <span class="cell ev-time" title="Time since its run started">
        time
      </span>
      <span class="cell ev-type">
        type
        <ColumnResizer name="type" width={widths.type} onWidth={(type) => onWidths({ ...widths, type })} />
      </span>
      <span class="cell ev-run">run</span>
      <span class="cell ev-id">
        call / message
        <ColumnResizer name="id" width={widths.id} onWidth={(id) => onWidths({ ...widths, id })} />
      </span>
      <span class="cell grow">summary</span>
    </div>
  );
}
