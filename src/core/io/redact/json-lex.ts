// Lexical, position-aware redaction of JSON text. The text is never re-serialised:
// only data tokens are replaced in place, so whitespace, key order, partial, invalid and
// concatenated JSON keep their shape (and stay invalid where they were). Anything the
// lexer does not recognise as JSON structure is masked, so nothing unrecognised leaks.
import { applyEdits, type Edit } from './edits.js';
import { MASKED_BOOLEAN, maskNumber, maskRaw, maskString } from './mask.js';
import { count, type RedactionReport, type RedactOptions } from './options.js';
import { child, leafRule, type Pos } from './positions.js';
import { patchPath, stateKey } from './pseudonyms.js';

export interface LexContext {
  readonly options: RedactOptions;
  readonly report: RedactionReport;
  /** The redacted value of a tool-argument delta (decoded), computed across its call. */
  readonly argsDelta?: (slot: number) => string | undefined;
}

/** Where a lexical walk stands in one object or array: both walkers here keep these. */
export interface LexFrame {
  readonly array: boolean;
  key: string | undefined;
  index: number;
  expectKey: boolean;
}

interface Frame extends LexFrame {
  readonly pos: Pos;
}

/**
 * Applies a `}`, `]`, `:` or `,` to the innermost frame. True when it closed a container
 * (a mismatched closer is skipped, so broken JSON is walked as far as it goes).
 */
export function punctuate(c: string, stack: LexFrame[]): boolean {
  const top = stack[stack.length - 1];
  if (top === undefined) return false;
  if (c === ':') {
    if (!top.array) top.expectKey = false;
  } else if (c === ',') {
    if (top.array) top.index++;
    else top.expectKey = true;
  } else if (top.array === (c === ']')) {
    stack.pop();
    return true;
  }
  return false;
}

// Character classes by code: this loop runs once per character of every body.
const isWord = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isNumber = (c: number): boolean =>
  (c >= 48 && c <= 57) || c === 101 || c === 69 || c === 43 || c === 45 || c === 46;
const SPACE = /\s/;
const isSpace = (c: number): boolean =>
  c === 32 || c === 10 || c === 13 || c === 9 || (c > 127 && SPACE.test(String.fromCharCode(c)));
/** Could the string token hold JSON text? Cheap test before decoding it. */
const MAYBE_JSON = /^"(?:\s|\\[nrt])*[[{]/;

/** End of the string token starting at `q` (index after the closing quote, or of the line end). */
export function stringEnd(text: string, q: number): { end: number; closed: boolean } {
  let j = q + 1;
  while (j < text.length) {
    const c = text[j];
    // A raw line break ends a string: SSE data lines are joined by \n and must stay intact.
    if (c === '\n' || c === '\r') return { end: j, closed: false };
    if (c === '"') return { end: j + 1, closed: true };
    j += c === '\\' ? 2 : 1;
  }
  return { end: Math.min(j, text.length), closed: false };
}

function nextChar(text: string, from: number): string | undefined {
  let k = from;
  while (k < text.length && isSpace(text.charCodeAt(k))) k++;
  return text[k];
}

export function decodeKey(raw: string, closed: boolean): string {
  if (!closed) return raw.slice(1);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.slice(1, -1);
  }
}

/** The redacted replacement for a string value token, or undefined to keep it. */
function stringValue(raw: string, closed: boolean, pos: Pos, ctx: LexContext): string | undefined {
  if (pos.k === 'argsDelta' && closed) {
    const replacement = ctx.argsDelta?.(pos.slot);
    if (replacement !== undefined) return JSON.stringify(replacement);
  }
  const rule = leafRule(pos);
  if (rule === 'keep') return undefined;
  const inner = raw.slice(1, closed ? -1 : undefined);
  if (inner === '') return undefined;
  if (rule === 'name' || rule === 'path') {
    if (ctx.options.strict !== true) return undefined;
    // A cut-off name cannot be told apart from another: it is masked like data below.
    if (closed) {
      const value = decodeKey(raw, true);
      const names = ctx.report.pseudonyms;
      count(ctx.report, 'pseudonym');
      return JSON.stringify(pos.k === 'name' ? names.of(pos.family, value) : patchPath(value, names));
    }
  }
  if (closed && MAYBE_JSON.test(raw)) {
    let decoded: unknown;
    try {
      decoded = JSON.parse(raw);
    } catch {
      decoded = undefined;
    }
    // A string holding JSON (arguments, results) keeps its keys: redact it as JSON.
    if (typeof decoded === 'string' && /^\s*[[{]/.test(decoded)) {
      return JSON.stringify(redactJsonText(decoded, { k: 'data' }, { options: ctx.options, report: ctx.report }).text);
    }
  }
  count(ctx.report, 'string');
  return `"${maskString(inner, ctx.options)}${closed ? '"' : ''}`;
}

export interface LexResult {
  readonly text: string;
  readonly edits: readonly Edit[];
}

export function redactJsonText(text: string, root: Pos, ctx: LexContext): LexResult {
  const edits: Edit[] = [];
  const stack: Frame[] = [];
  let rootTaken = false;
  const valuePos = (): Pos => {
    const top = stack[stack.length - 1];
    if (top === undefined) return rootTaken ? { k: 'data' } : root;
    return child(top.pos, top.array ? top.index : (top.key ?? ''));
  };
  const valueDone = (): void => {
    if (stack.length === 0) rootTaken = true;
  };
  const edit = (start: number, end: number, replacement: string): void => {
    if (replacement !== text.slice(start, end)) edits.push({ start, end, text: replacement });
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const code = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (isSpace(code)) {
      i++;
    } else if (c === '{' || c === '[') {
      stack.push({ array: c === '[', pos: valuePos(), key: undefined, index: 0, expectKey: c === '{' });
      i++;
    } else if (c === '}' || c === ']' || c === ':' || c === ',') {
      if (punctuate(c, stack)) valueDone();
      i++;
    } else if (c === '"') {
      const { end, closed } = stringEnd(text, i);
      const raw = text.slice(i, end);
      // A key only where a key is due and a colon follows: in broken JSON a stray string
      // is a value, so a misplaced secret is masked rather than kept as a "key".
      if (top !== undefined && !top.array && top.expectKey && nextChar(text, end) === ':') {
        top.key = decodeKey(raw, closed);
        top.expectKey = false;
        // Strict: a state object's keys are names too (kept the same as in patch paths).
        if (top.pos.k === 'state' && ctx.options.strict === true && closed) {
          const renamed = stateKey(top.key, ctx.report.pseudonyms);
          if (renamed !== top.key) count(ctx.report, 'pseudonym');
          edit(i, end, JSON.stringify(renamed));
        }
      } else {
        const replacement = stringValue(raw, closed, valuePos(), ctx);
        if (replacement !== undefined) edit(i, end, replacement);
        valueDone();
      }
      i = end;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      let j = i + 1;
      while (j < text.length && isNumber(text.charCodeAt(j))) j++;
      const rule = leafRule(valuePos());
      if (rule === 'mask' && ctx.options.keepScalars !== true) {
        count(ctx.report, 'number');
        edit(i, j, maskNumber(text.slice(i, j), ctx.options));
      }
      valueDone();
      i = j;
    } else if (isWord(code)) {
      let j = i + 1;
      while (j < text.length && isWord(text.charCodeAt(j))) j++;
      const word = text.slice(i, j);
      const rule = leafRule(valuePos());
      if (word === 'true' || word === 'false') {
        if (rule === 'mask' && ctx.options.keepScalars !== true) {
          count(ctx.report, 'boolean');
          edit(i, j, MASKED_BOOLEAN);
        }
      } else if (word !== 'null') {
        count(ctx.report, 'non-json');
        edit(i, j, maskRaw(word));
      }
      valueDone();
      i = j;
    } else {
      // Not JSON at all: mask up to the next space or structural character.
      let j = i + 1;
      while (j < text.length && !/[\s{}[\]:,"]/.test(text[j]!)) j++;
      count(ctx.report, 'non-json');
      edit(i, j, maskRaw(text.slice(i, j)));
      i = j;
    }
  }
  return { text: applyEdits(text, edits), edits };
}
