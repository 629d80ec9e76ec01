// Strict redaction's pseudonyms: a value that names or links things (an id, a tool or
// step name, a state key, a URL path segment…) is replaced by `<family>-<n>`. One table
// per redacted file: the same value gets the same pseudonym wherever it appears in that
// file (whatever field it is in, named after the field it was first seen in), different
// values get different ones, so every comparison the rules make comes out the same.

export type PseudonymFamily =
  | 'thread'
  | 'run'
  | 'message'
  | 'call'
  | 'interrupt'
  | 'entity'
  | 'tool'
  | 'step'
  | 'custom'
  | 'agent'
  | 'code'
  | 'key'
  | 'seg'
  | 'event'
  | 'id'
  | 'creator'
  | 'ip'
  | 'file'
  | 'header'
  | 'cookie'
  | 'page'
  | 'host';

export class Pseudonyms {
  private readonly byValue = new Map<string, string>();
  private readonly counts = new Map<PseudonymFamily, number>();

  /** The value's pseudonym; the empty string stays empty (emptiness is structure). */
  of(family: PseudonymFamily, value: string): string {
    if (value === '') return value;
    const known = this.byValue.get(value);
    if (known !== undefined) return known;
    const n = (this.counts.get(family) ?? 0) + 1;
    this.counts.set(family, n);
    const name = `${family}-${n}`;
    this.byValue.set(value, name);
    return name;
  }

  /** How many distinct values were replaced. */
  get size(): number {
    return this.byValue.size;
  }
}

/** Array indices and the append marker stay in JSON-Patch paths, so numeric state keys stay too. */
export const isIndexLike = (segment: string): boolean => /^(?:\d+|-)$/.test(segment);

/** A state object key's pseudonym (numeric keys stay: patch paths cannot tell them from indices). */
export function stateKey(key: string, names: Pseudonyms): string {
  return isIndexLike(key) ? key : names.of('key', key);
}

/** A JSON Pointer (RFC 6901) with each key replaced as the state key it names; indices stay. */
export function patchPath(path: string, names: Pseudonyms): string {
  if (path === '') return path;
  if (!path.startsWith('/')) return names.of('key', path);
  return path
    .split('/')
    .map((raw, i) => {
      if (i === 0) return raw;
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      // Pseudonyms hold no '~' or '/': nothing to escape.
      return stateKey(key, names);
    })
    .join('/');
}
