// A persistent append-mostly sequence: plain readonly data (serializes as is), cheap to
// append and to replace one item, and every older version stays exactly as it was.
// Items live in fixed-size chunks. Appending is O(1) amortized; replacing an item copies
// one chunk and the spine. Serialize with logToArray: the shared arrays may hold items
// that newer versions appended beyond this version's length.

const CHUNK = 64;

export interface Log<T> {
  readonly length: number;
  readonly chunks: readonly (readonly T[])[];
}

/** The id → slot index a keyed log (./keyed-log.ts) shares along one lineage of versions. */
export type LogIndex = Map<string, number>;

// Every version is a LogVersion so a keyed log can hang its index on it without a
// WeakMap entry per version (which cost more than the update itself, in GC too). The
// index is a private field: not an own property, so JSON, structuredClone, equality
// and Object.keys still see plain { length, chunks } data.
class LogVersion<T> implements Log<T> {
  readonly length: number;
  readonly chunks: readonly (readonly T[])[];
  readonly #index: LogIndex | undefined;

  constructor(length: number, chunks: readonly (readonly T[])[], index: LogIndex | undefined) {
    this.length = length;
    this.chunks = chunks;
    this.#index = index;
  }

  static indexOf<T>(log: Log<T>): LogIndex | undefined {
    return #index in log ? (log as LogVersion<T>).#index : undefined;
  }
}

const EMPTY: Log<never> = new LogVersion<never>(0, [], undefined);

/** The index a keyed log attached to this version, if any (none on deserialized logs). */
export function logIndex<T>(log: Log<T>): LogIndex | undefined {
  return LogVersion.indexOf(log);
}

export function emptyLog<T>(): Log<T> {
  return EMPTY as Log<T>;
}

export function logFrom<T>(items: readonly T[]): Log<T> {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  return new LogVersion(items.length, chunks, undefined);
}

export function logAt<T>(log: Log<T>, index: number): T | undefined {
  if (index < 0 || index >= log.length) return undefined;
  // index >= 0 here, so a shift is an exact floor division by CHUNK (64).
  return log.chunks[index >> 6]?.[index & 63];
}

export function logLast<T>(log: Log<T>): T | undefined {
  return logAt(log, log.length - 1);
}

/** `index`: what keyed logs carry along (see logIndex); plain logs leave it out. */
export function logAppend<T>(log: Log<T>, item: T, index?: LogIndex): Log<T> {
  const slot = log.length % CHUNK;
  const chunkCount = Math.ceil(log.length / CHUNK);
  // Extend the shared arrays in place only when no other version has extended them
  // past this one (the same test Go's append makes): older versions read only up to
  // their own length, so they cannot tell. A branch from an older version copies.
  const spine = log.chunks as T[][];
  if (slot === 0) {
    const fresh = [item];
    if (spine.length === chunkCount) {
      spine.push(fresh);
      return new LogVersion(log.length + 1, spine, index);
    }
    return new LogVersion(log.length + 1, [...spine.slice(0, chunkCount), fresh], index);
  }
  const last = chunkCount - 1;
  const chunk = spine[last] ?? [];
  if (chunk.length === slot && spine.length === chunkCount) {
    chunk.push(item);
    return new LogVersion(log.length + 1, spine, index);
  }
  const chunks = spine.slice(0, chunkCount);
  chunks[last] = [...chunk.slice(0, slot), item];
  return new LogVersion(log.length + 1, chunks, index);
}

export function logSet<T>(log: Log<T>, index: number, item: T, keys?: LogIndex): Log<T> {
  if (index < 0 || index >= log.length) throw new RangeError(`logSet: index ${index} outside 0..${log.length - 1}`);
  const c = Math.floor(index / CHUNK);
  const chunk = (log.chunks[c] ?? []).slice();
  chunk[index % CHUNK] = item;
  const chunks = log.chunks.slice(0, Math.ceil(log.length / CHUNK));
  chunks[c] = chunk;
  return new LogVersion(log.length, chunks, keys);
}

export function* logItems<T>(log: Log<T>, from = 0, to = log.length): Generator<T> {
  for (let i = Math.max(0, from); i < Math.min(to, log.length); i++) {
    const item = logAt(log, i);
    if (item !== undefined) yield item;
  }
}

export function logToArray<T>(log: Log<T>): T[] {
  const out: T[] = [];
  for (const chunk of log.chunks) {
    for (const item of chunk) {
      if (out.length === log.length) return out;
      out.push(item);
    }
  }
  return out;
}
