// Text helpers for the printed model: everything untrusted is shown as inert, single-line,
// length-capped text so the output stays readable and diff-friendly.

const MAX = 160;

/** Control characters made visible; long text keeps its head and tail around a marker. */
export function inert(text: string, max = MAX): string {
  let shown = text;
  if (text.length > max) {
    const tail = Math.floor(max / 4);
    shown = `${text.slice(0, max - tail)}…[${text.length - max} more chars]…${text.slice(text.length - tail)}`;
  }
  let out = '';
  for (const ch of shown) {
    const c = ch.charCodeAt(0);
    if (c >= 0x20 && c !== 0x7f) out += ch;
    else
      out += ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : ch === '\t' ? '\\t' : `\\u${c.toString(16).padStart(4, '0')}`;
  }
  return out;
}

/** Any JSON-ish value, compact; a string stays quoted so '' and absent differ. */
export function value(v: unknown, max = MAX): string {
  if (v === undefined) return '(absent)';
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return inert(text, max);
}

export function rel(t: number | undefined, origin: number): string {
  return t === undefined ? '?' : `+${Math.round(t - origin)}ms`;
}

export function range(first: number, last: number | undefined): string {
  return last === undefined ? `#${first}..` : first === last ? `#${first}` : `#${first}..#${last}`;
}

export function lines(indent: number, ...parts: readonly string[]): string[] {
  const pad = '  '.repeat(indent);
  return parts.map((p) => pad + p);
}
