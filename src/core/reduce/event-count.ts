// A stream's event index under `retain: 'findings'` (src/core/inspector.ts): the events
// are counted, not kept. The rules judge each event as it passes and never read one back,
// so the only per-event fact held is where it starts in the stream's bytes (4 bytes an
// event), which a linter needs to put a finding on its line. Reading an event back gives
// undefined: the full EventTable (./event-table.ts) is for sessions someone will view.
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { EventList } from '../model/types.js';

// Pages grow from small (a HAR may hold thousands of short streams) to 256 KB.
const FIRST_PAGE = 64;
const PAGE = 1 << 16;
const LIMIT = 0x1_0000_0000;

/**
 * Event start offsets in pages of 32-bit offsets from a per-page base, so a stream of
 * any size costs 4 bytes an event and no array is ever copied to grow. A page is cut
 * short when an offset would not fit in 32 bits.
 */
export class StartIndex {
  readonly #firsts: number[] = [];
  readonly #bases: number[] = [];
  readonly #pages: Uint32Array[] = [];
  #count = 0;
  #fill = 0;

  get length(): number {
    return this.#count;
  }

  push(start: number): void {
    const last = this.#pages[this.#pages.length - 1];
    const base = this.#bases[this.#bases.length - 1] ?? 0;
    if (last === undefined || this.#fill === last.length || start - base >= LIMIT || start < base) {
      this.#firsts.push(this.#count);
      this.#bases.push(start);
      this.#pages.push(new Uint32Array(last === undefined ? FIRST_PAGE : Math.min(PAGE, last.length * 2)));
      this.#fill = 0;
    }
    const page = this.#pages[this.#pages.length - 1] as Uint32Array;
    page[this.#fill++] = start - (this.#bases[this.#bases.length - 1] as number);
    this.#count++;
  }

  at(i: number): number | undefined {
    if (!(i >= 0 && i < this.#count)) return undefined;
    const firsts = this.#firsts;
    let lo = 0;
    let hi = firsts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((firsts[mid] as number) <= i) lo = mid;
      else hi = mid - 1;
    }
    const page = this.#pages[lo] as Uint32Array;
    return (this.#bases[lo] as number) + (page[i - (firsts[lo] as number)] as number);
  }
}

const nothing = (): undefined => undefined;

export class EventCount {
  readonly raw: EventList<RawEvent>;
  readonly expanded: EventList<ExpandedEvent>;
  /** Where each wire event starts in the stream's bytes (its span's start). */
  readonly starts = new StartIndex();
  #expandedCount = 0;

  constructor() {
    const starts = this.starts;
    const expandedCount = (): number => this.#expandedCount;
    this.raw = {
      get length() {
        return starts.length;
      },
      at: nothing,
    };
    this.expanded = {
      get length() {
        return expandedCount();
      },
      at: nothing,
    };
  }

  addRaw(raw: RawEvent): void {
    const i = this.starts.length;
    if (raw.index !== i) throw new RangeError(`event #${raw.index} recorded as #${i}`);
    this.starts.push(raw.span.start);
  }

  addExpanded(_e: ExpandedEvent): void {
    this.#expandedCount++;
  }
}
