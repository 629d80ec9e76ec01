// Widths of label text in the fonts the panel draws it in, measured with a canvas (no layout
// pass, no DOM node per label). Where no canvas exists (tests in happy-dom), per-character
// estimates stand in.
import type { LabelFonts, Measure } from '../../core/labels/fit-label.js';

/** Cached widths per font; labels repeat (tool names, run times), so hits are the rule. */
const CACHE_LIMIT = 4000;

function canvasMeasure(font: string, fallbackCharPx: number): Measure {
  const canvas = typeof document !== 'undefined' ? document.createElement('canvas') : undefined;
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = canvas?.getContext('2d') ?? null;
  } catch {
    ctx = null;
  }
  if (ctx) ctx.font = font;
  const widths = new Map<string, number>();
  return (text) => {
    let w = widths.get(text);
    if (w !== undefined) return w;
    w = ctx ? ctx.measureText(text).width : [...text].length * fallbackCharPx;
    if (widths.size >= CACHE_LIMIT) widths.clear();
    widths.set(text, w);
    return w;
  };
}

/** The measurers of the label fonts, read from the computed style of `root` (the panel root). */
export function labelFontsOf(root: Element | null): LabelFonts {
  const style = root && typeof getComputedStyle === 'function' ? getComputedStyle(root) : undefined;
  const family = style?.fontFamily || 'system-ui, sans-serif';
  const size = style?.fontSize || '12px';
  const mono = style?.getPropertyValue('--mono').trim() || 'monospace';
  return {
    name: canvasMeasure(`${size} ${family}`, 6.4),
    // `.mono` is 11 px (panel.css).
    id: canvasMeasure(`11px ${mono}`, 7.2),
  };
}
