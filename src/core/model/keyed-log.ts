// Id → slot lookup for Logs without putting an index into the model (which must stay
// plain serializable data). One Map is shared by every version of a Log lineage and
// rides along on each version (logIndex: a private field, invisible to serialization);
// an entry is trusted only after checking the slot really holds that id in the version
// asked about, so versions that branched (tests, undo) fall back to a scan instead of
// answering wrongly. Logs that carry no index (deserialized) get one built once.
import { type Log, type LogIndex, logAppend, logAt, logIndex, logSet } from './log.js';

export interface KeyedLog<T> {
  /** Slot of `key` in `log`, or -1. O(1) on the common path. */
  find(log: Log<T>, key: string): number;
  get(log: Log<T>, key: string): T | undefined;
  append(log: Log<T>, item: T): Log<T>;
  set(log: Log<T>, slot: number, item: T): Log<T>;
}

export function createKeyedLog<T>(keyOf: (item: T) => string): KeyedLog<T> {
  // Only for logs that arrived without an index (a model loaded from a file).
  const foreign = new WeakMap<Log<T>, LogIndex>();

  const rebuild = (log: Log<T>): LogIndex => {
    const map: LogIndex = new Map();
    for (let i = 0; i < log.length; i++) {
      const item = logAt(log, i);
      if (item !== undefined && !map.has(keyOf(item))) map.set(keyOf(item), i);
    }
    foreign.set(log, map);
    return map;
  };
  const mapOf = (log: Log<T>): LogIndex => logIndex(log) ?? foreign.get(log) ?? rebuild(log);

  const find = (log: Log<T>, key: string): number => {
    const slot = mapOf(log).get(key);
    if (slot === undefined) return -1;
    const item = slot < log.length ? logAt(log, slot) : undefined;
    if (item !== undefined && keyOf(item) === key) return slot;
    // The shared map knows this key from another branch: answer by a scan.
    for (let i = 0; i < log.length; i++) {
      const at = logAt(log, i);
      if (at !== undefined && keyOf(at) === key) return i;
    }
    return -1;
  };

  return {
    find,
    get(log, key) {
      const slot = find(log, key);
      return slot < 0 ? undefined : logAt(log, slot);
    },
    append(log, item) {
      // Every empty log is the same object: a new lineage starts its own map.
      const map: LogIndex = log.length === 0 ? new Map() : mapOf(log);
      const key = keyOf(item);
      // First occurrence wins, as in rebuild(); later duplicates are reached by scan.
      const known = map.get(key);
      if (known === undefined || known >= log.length || keyOf(logAt(log, known) as T) !== key) map.set(key, log.length);
      return logAppend(log, item, map);
    },
    set(log, slot, item) {
      return logSet(log, slot, item, mapOf(log));
    },
  };
}
