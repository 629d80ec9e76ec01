// Reading a stream's event list whole (exports, tests); views read rows with `at`.
import type { EventList } from './types.js';

export function eventArray<T>(list: EventList<T>): T[] {
  const out: T[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = list.at(i);
    if (item !== undefined) out.push(item);
  }
  return out;
}
