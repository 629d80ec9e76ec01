// Incremental JSON well-formedness scanner for tool-call argument text. Arguments arrive
// as many small deltas; re-parsing the whole text per delta would make a call quadratic,
// so the scanner keeps a small state and looks at each character exactly once.
// It checks the JSON grammar only (RFC 8259), it builds no values.
import type { JsonState } from '../model/types.js';

type Mode =
  | 'value' // a value must start here (document start, after ':' / ',' in an array / '[')
  | 'value-or-close' // right after '[': a value or ']'
  | 'key-or-close' // right after '{': a key string or '}'
  | 'key' // after ',' in an object: a key string
  | 'colon' // after a key
  | 'after' // after a complete value: ',' / closer / (top level) another value
  | 'string'
  | 'escape'
  | 'unicode'
  | 'literal'
  | 'number'
  | 'error';

type NumberStep = 'sign' | 'zero' | 'int' | 'dot' | 'frac' | 'exp' | 'exp-sign' | 'exp-int';

export interface JsonScanState {
  mode: Mode;
  /** Open containers, innermost last: '{' or '['. */
  stack: string;
  /** Characters consumed so far (the position of the next one). */
  position: number;
  /** Complete top-level values seen. */
  count: number;
  stringIsKey: boolean;
  hexLeft: number;
  literal: string;
  literalAt: number;
  num: NumberStep;
  error?: { position: number; message: string };
}

export function createJsonScan(): JsonScanState {
  return {
    mode: 'value',
    stack: '',
    position: 0,
    count: 0,
    stringIsKey: false,
    hexLeft: 0,
    literal: '',
    literalAt: 0,
    num: 'int',
  };
}

export function cloneJsonScan(s: JsonScanState): JsonScanState {
  return { ...s, ...(s.error ? { error: { ...s.error } } : {}) };
}

const isWs = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const NUMBER_ENDS: ReadonlySet<NumberStep> = new Set(['zero', 'int', 'frac', 'exp-int']);

function describe(c: number): string {
  return c < 0x20 ? `control character U+${c.toString(16).padStart(4, '0')}` : `'${String.fromCharCode(c)}'`;
}

function fail(s: JsonScanState, message: string): void {
  s.mode = 'error';
  s.error = { position: s.position, message };
}

/** A value ended: the enclosing container (or the top level) decides what may follow. */
function valueDone(s: JsonScanState): void {
  s.mode = 'after';
  if (s.stack.length === 0) s.count++;
}

function startValue(s: JsonScanState, c: number): void {
  if (c === 0x7b) {
    s.stack += '{';
    s.mode = 'key-or-close';
    return;
  }
  if (c === 0x5b) {
    s.stack += '[';
    s.mode = 'value-or-close';
    return;
  }
  if (c === 0x22) {
    s.mode = 'string';
    s.stringIsKey = false;
    return;
  }
  if (c === 0x2d) {
    s.mode = 'number';
    s.num = 'sign';
    return;
  }
  if (isDigit(c)) {
    s.mode = 'number';
    s.num = c === 0x30 ? 'zero' : 'int';
    return;
  }
  const lit = c === 0x74 ? 'true' : c === 0x66 ? 'false' : c === 0x6e ? 'null' : '';
  if (lit) {
    s.mode = 'literal';
    s.literal = lit;
    s.literalAt = 1;
    return;
  }
  fail(s, `unexpected ${describe(c)}, expected a value`);
}

function closeContainer(s: JsonScanState, c: number): boolean {
  const want = s.stack.endsWith('{') ? 0x7d : 0x5d;
  if (c !== want) return false;
  s.stack = s.stack.slice(0, -1);
  valueDone(s);
  return true;
}

/** Returns true when the character was consumed by the number. */
function stepNumber(s: JsonScanState, c: number): boolean {
  const n = s.num;
  if (isDigit(c)) {
    if (n === 'zero') return false;
    s.num =
      n === 'sign'
        ? c === 0x30
          ? 'zero'
          : 'int'
        : n === 'dot'
          ? 'frac'
          : n === 'exp' || n === 'exp-sign'
            ? 'exp-int'
            : n;
    return true;
  }
  if (c === 0x2e && (n === 'zero' || n === 'int')) {
    s.num = 'dot';
    return true;
  }
  if ((c === 0x65 || c === 0x45) && (n === 'zero' || n === 'int' || n === 'frac')) {
    s.num = 'exp';
    return true;
  }
  if ((c === 0x2b || c === 0x2d) && n === 'exp') {
    s.num = 'exp-sign';
    return true;
  }
  return false;
}

function step(s: JsonScanState, c: number): void {
  switch (s.mode) {
    case 'string':
      if (c === 0x22) {
        if (s.stringIsKey) s.mode = 'colon';
        else valueDone(s);
      } else if (c === 0x5c) s.mode = 'escape';
      else if (c < 0x20) fail(s, `${describe(c)} inside a string`);
      return;
    case 'escape':
      if (c === 0x75) {
        s.mode = 'unicode';
        s.hexLeft = 4;
      } else if ('"\\/bfnrt'.includes(String.fromCharCode(c))) s.mode = 'string';
      else fail(s, `invalid escape \\${String.fromCharCode(c)}`);
      return;
    case 'unicode':
      if (!isHex(c)) {
        fail(s, `invalid \\u escape: ${describe(c)} is not a hex digit`);
        return;
      }
      if (--s.hexLeft === 0) s.mode = 'string';
      return;
    case 'literal':
      if (c !== s.literal.charCodeAt(s.literalAt)) {
        fail(s, `unexpected ${describe(c)} in literal '${s.literal}'`);
        return;
      }
      if (++s.literalAt === s.literal.length) valueDone(s);
      return;
    case 'number':
      if (stepNumber(s, c)) return;
      if (s.num === 'zero' && isDigit(c)) {
        fail(s, 'leading zero in a number');
        return;
      }
      if (!NUMBER_ENDS.has(s.num)) {
        fail(s, `unexpected ${describe(c)} in a number`);
        return;
      }
      valueDone(s);
      step(s, c); // the character that ended the number belongs to what follows
      return;
    case 'error':
      return;
    default:
      break;
  }
  if (isWs(c)) return;
  switch (s.mode) {
    case 'value':
      startValue(s, c);
      return;
    case 'value-or-close':
      if (c === 0x5d) closeContainer(s, c);
      else startValue(s, c);
      return;
    case 'key-or-close':
      if (c === 0x7d) closeContainer(s, c);
      else if (c === 0x22) {
        s.mode = 'string';
        s.stringIsKey = true;
      } else fail(s, `unexpected ${describe(c)}, expected a property name or '}'`);
      return;
    case 'key':
      if (c === 0x22) {
        s.mode = 'string';
        s.stringIsKey = true;
      } else fail(s, `unexpected ${describe(c)}, expected a property name`);
      return;
    case 'colon':
      if (c === 0x3a) s.mode = 'value';
      else fail(s, `unexpected ${describe(c)}, expected ':'`);
      return;
    case 'after':
      if (s.stack.length === 0) {
        startValue(s, c);
        return;
      } // a second top-level value
      if (c === 0x2c) {
        s.mode = s.stack.endsWith('{') ? 'key' : 'value';
        return;
      }
      if (!closeContainer(s, c))
        fail(s, `unexpected ${describe(c)}, expected ',' or '${s.stack.endsWith('{') ? '}' : ']'}'`);
      return;
    default:
      return;
  }
}

/** Feeds the next piece of text: O(text.length), whatever came before. */
export function scanJson(s: JsonScanState, text: string): void {
  for (let i = 0; i < text.length; i++) {
    if (s.error) return;
    step(s, text.charCodeAt(i));
    if (!s.error) s.position++;
  }
}

/** The state a consumer may report: while the call is open the text is only a prefix. */
export function jsonStateOf(s: JsonScanState, closed: boolean): JsonState {
  if (!closed) return { state: 'incomplete' };
  if (s.error) return { state: 'invalid', position: s.error.position, message: s.error.message };
  let count = s.count;
  let complete = s.mode === 'after' && s.stack.length === 0;
  if (s.mode === 'number' && s.stack.length === 0 && NUMBER_ENDS.has(s.num)) {
    count++;
    complete = true;
  }
  if (count === 0 && s.mode === 'value' && s.stack.length === 0) return { state: 'empty' };
  if (!complete) return { state: 'invalid', position: s.position, message: 'unexpected end of text' };
  return count === 1 ? { state: 'valid' } : { state: 'concatenated', count };
}

/** One-shot helper (tests, imports): the state of a complete text. */
export function jsonStateOfText(text: string): JsonState {
  const s = createJsonScan();
  scanJson(s, text);
  return jsonStateOf(s, true);
}
