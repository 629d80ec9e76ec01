// A persistent append-mostly sequence: plain readonly data (serializes as is), cheap to
// append and to replace one item, and every older version stays exactly as it was.
// Items live in fixed-size chunks. Appending is O(1) amortized; replacing an item copies
// one chunk and the spine (once per edit, see below). Serialize with logToArray: the
// shared arrays may hold items that newer versions appended beyond this version's length.

const CHUNK = 64;

export interface Log<T> {
  readonly length: number;
  readonly chunks: readonly (readonly T[])[];
}

/** The id → slot index a keyed log (./keyed-log.ts) shares along one lineage of versions. */
export type LogIndex = Map<string, number>;

// Edits (Clojure's transients, scoped to a call): while one is open, arrays made during
// it can be reached only from versions made inside the same edit, which nobody outside
// has seen yet, so logSet may write them in place instead of copying a chunk and the
// spine again for every update. The facade opens one edit per public call; only the
// version it holds at the end is ever observed. Versions made earlier in an edit are
// provisional: they may show later writes (callers must not read them after updating).
// Each edit has a fresh id and a version records in which edit its spine and its newest
// copied chunk were made, so ownership costs no per-array bookkeeping and lapses by itself.
let editCounter = 0;
let currentEdit = 0; // 0: no edit open

/** Runs `fn` as one edit (see above); nested calls join the outer edit. */
export function inEdit<T>(fn: () => T): T {
  if (currentEdit !== 0) return fn();
  currentEdit = ++editCounter;
  try {
    return fn();
  } finally {
    currentEdit = 0;
  }
}

/**
 * Ends ownership of everything made so far in the open edit (if any): a version about to
 * be seen outside (the facade's `model` getter) must not change afterwards, even when
 * the edit goes on.
 */
export function sealEdit(): void {
  if (currentEdit !== 0) currentEdit = ++editCounter;
}

// Every version is a LogVersion so a keyed log can hang its index on it without a
// WeakMap entry per version (which cost more than the update itself, in GC too). The
// index and the edit marks are private fields, not own properties, so JSON,
// structuredClone, equality and Object.keys still see plain { length, chunks } data.
class LogVersion<T> implements Log<T> {
  readonly length: number;
  readonly chunks: readonly (readonly T[])[];
  readonly #index: LogIndex | undefined;
  /** The edit that made `chunks` (0: outside any edit). */
  readonly #spineEdit: number;
  /** The edit that made chunks[#chunkAt]. */
  readonly #chunkEdit: number;
  readonly #chunkAt: number;

  constructor(length: number, chunks: readonly (readonly T[])[], index: LogIndex | undefined, spineEdit: number, chunkEdit: number, chunkAt: number) {
    this.length = length;
    this.chunks = chunks;
    this.#index = index;
    this.#spineEdit = spineEdit;
    this.#chunkEdit = chunkEdit;
    this.#chunkAt = chunkAt;
  }

  static indexOf<T>(log: Log<T>): LogIndex | undefined {
    return #index in log ? (log as LogVersion<T>).#index : undefined;
  }

  /** The edit that made the spine, or 0 (also for plain deserialized logs). */
  static spineEdit<T>(log: Log<T>): number {
    return #index in log ? (log as LogVersion<T>).#spineEdit : 0;
  }

  /** The chunk the open edit made, or -1. */
  static ownChunk<T>(log: Log<T>): number {
    return #index in log && (log as LogVersion<T>).#chunkEdit === currentEdit ? (log as LogVersion<T>).#chunkAt : -1;
  }

  static chunkEdit<T>(log: Log<T>): number {
    return #index in log ? (log as LogVersion<T>).#chunkEdit : 0;
  }
}

const EMPTY: Log<never> = new LogVersion<never>(0, [], undefined, 0, 0, -1);

export function logIndex<T>(log: Log<T>): LogIndex | undefined {
  return LogVersion.indexOf(log);
}

export function emptyLog<T>(): Log<T> {
  return EMPTY as Log<T>;
}

export function logFrom<T>(items: readonly T[]): Log<T> {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  return new LogVersion(items.length, chunks, undefined, 0, 0, -1);
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
  const edit = currentEdit;
  // Extend the shared arrays in place only when no other version has extended them
  // past this one (the same test Go's append makes): older versions read only up to
  // their own length, so they cannot tell. A branch from an older version copies.
  const spine = log.chunks as T[][];
  const spineEdit = LogVersion.spineEdit(log);
  if (slot === 0) {
    const chunk = [item];
    if (spine.length === chunkCount) {
      spine.push(chunk);
      return new LogVersion(log.length + 1, spine, index, spineEdit, edit, chunkCount);
    }
    return new LogVersion(log.length + 1, [...spine.slice(0, chunkCount), chunk], index, edit, edit, chunkCount);
  }
  const last = chunkCount - 1;
  const chunk = spine[last] ?? [];
  if (chunk.length === slot && spine.length === chunkCount) {
    chunk.push(item);
    return new LogVersion(log.length + 1, spine, index, spineEdit, LogVersion.chunkEdit(log), last === LogVersion.ownChunk(log) ? last : -1);
  }
  const chunks = spine.slice(0, chunkCount);
  chunks[last] = [...chunk.slice(0, slot), item];
  return new LogVersion(log.length + 1, chunks, index, edit, edit, last);
}

export function logSet<T>(log: Log<T>, index: number, item: T, keys?: LogIndex): Log<T> {
  if (index < 0 || index >= log.length) throw new RangeError(`logSet: index ${index} outside 0..${log.length - 1}`);
  const c = index >> 6; // index >= 0: an exact floor division by CHUNK
  const edit = currentEdit;
  const spine = log.chunks as T[][];
  const chunkCount = Math.ceil(log.length / CHUNK);
  // In an edit, what the same edit made is written in place (see inEdit): a chunk it
  // made needs no copy and then neither does the spine; a spine it made takes the copy.
  if (edit !== 0 && LogVersion.ownChunk(log) === c) {
    (spine[c] as T[])[index & 63] = item;
    return new LogVersion(log.length, spine, keys, LogVersion.spineEdit(log), edit, c);
  }
  const chunk = (spine[c] ?? []).slice();
  chunk[index & 63] = item;
  const ownSpine = edit !== 0 && LogVersion.spineEdit(log) === edit && spine.length === chunkCount;
  const chunks = ownSpine ? spine : spine.slice(0, chunkCount);
  chunks[c] = chunk;
  return new LogVersion(log.length, chunks, keys, edit, edit, c);
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
