// Replacements in a text (or byte array) and the offset map they imply, so material
// that was cut into pieces (network chunks, tool-argument deltas) is cut again at the
// same places in the redacted copy.

export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

/** A replaced span by its lengths only (byte spans use this too). */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly length: number;
}

export const spansOf = (edits: readonly Edit[]): Span[] =>
  edits.map((e) => ({ start: e.start, end: e.end, length: e.text.length }));

/**
 * Maps offsets of the original to offsets of the edited copy. Offsets must be asked in
 * ascending order (one pass). An offset inside a replaced span keeps its distance from
 * the span's start, capped at the replacement's length.
 */
export function offsetMapper(spans: readonly Span[]): (offset: number) => number {
  let i = 0;
  let shift = 0;
  return (offset) => {
    while (i < spans.length && spans[i]!.end <= offset) {
      shift += spans[i]!.length - (spans[i]!.end - spans[i]!.start);
      i++;
    }
    const s = spans[i];
    if (s !== undefined && s.start < offset) return s.start + shift + Math.min(offset - s.start, s.length);
    return offset + shift;
  };
}

/** Cuts `redacted` where `lengths` cut the original (pieces in order). */
export function recut(lengths: readonly number[], spans: readonly Span[], redacted: string): string[] {
  const map = offsetMapper(spans);
  const out: string[] = [];
  let from = 0;
  let offset = 0;
  for (const length of lengths) {
    offset += length;
    const to = map(offset);
    out.push(redacted.slice(from, to));
    from = to;
  }
  return out;
}
