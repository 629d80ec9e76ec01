// Schema `pattern`s come from the page: a backtracking engine can take exponential time on
// them (`^(a+)+$` against 32 characters froze every panel for half a minute). Before a
// schema is compiled, every `pattern` is matched by RE2 (re2js: linear time, whatever
// the pattern) instead, through a content-addressed format of the validator, and a
// `patternProperties` key is kept only when it cannot backtrack badly. What cannot be
// checked safely is left out and said, so the call gets a finding instead of a hang.
import { format } from '@cfworker/json-schema';
import { RE2JS } from 're2js';

/** Formats named after the RE2-compiled pattern they test. */
const PREFIX = 'agui-inspector-re2:';
const MAX_NODES = 20_000;
const MAX_DEPTH = 64;

export interface SafeSchema {
  readonly schema: unknown;
  /** Patterns left out, with why (shown with the call's schema verdict). */
  readonly skipped: readonly string[];
}

type FormatTable = Record<string, ((value: string) => boolean) | undefined>;

/**
 * The matcher for `pattern`, registered once under a name derived from the pattern itself:
 * the registry is the validator's, and equal names always mean the same matcher, so
 * nothing here depends on which inspector registered it first.
 */
function re2Format(pattern: string): string | undefined {
  const name = PREFIX + pattern;
  const table = format as unknown as FormatTable;
  if (table[name] !== undefined) return name;
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch {
    return undefined;
  }
  table[name] = (value: string) => re.test(value);
  return name;
}

/** A quantified group that itself holds a quantifier: the shape of catastrophic backtracking. */
function nestedQuantifier(pattern: string): boolean {
  const depthQuantified: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') depthQuantified.push(false);
    else if (c === ')') {
      const inner = depthQuantified.pop() ?? false;
      const next = pattern[i + 1];
      if (inner && (next === '*' || next === '+' || next === '{' || next === '?')) return true;
      if (inner && depthQuantified.length > 0) depthQuantified[depthQuantified.length - 1] = true;
    } else if ((c === '*' || c === '+' || c === '{') && depthQuantified.length > 0)
      depthQuantified[depthQuantified.length - 1] = true;
  }
  return false;
}

export function safeSchema(schema: unknown): SafeSchema {
  const skipped: string[] = [];
  let nodes = 0;
  const walk = (node: unknown, depth: number): unknown => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return node;
    if (Array.isArray(node)) return node.map((n) => walk(n, depth + 1));
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    const extra: unknown[] = [];
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') {
        const name = re2Format(value);
        if (name === undefined)
          skipped.push(
            `pattern ${JSON.stringify(value)}: not a pattern a linear-time engine can run (backreferences or lookaround)`,
          );
        else extra.push({ format: name });
        continue;
      }
      if (key === 'patternProperties' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        const kept: Record<string, unknown> = {};
        for (const [p, sub] of Object.entries(value)) {
          if (nestedQuantifier(p) || re2Format(p) === undefined)
            skipped.push(`patternProperties key ${JSON.stringify(p)}: too costly to check safely`);
          else kept[p] = walk(sub, depth + 1);
        }
        out[key] = kept;
        continue;
      }
      out[key] = walk(value, depth + 1);
    }
    if (extra.length > 0)
      out['allOf'] = [...(Array.isArray(out['allOf']) ? (out['allOf'] as unknown[]) : []), ...extra];
    return out;
  };
  return { schema: walk(schema, 0), skipped };
}
