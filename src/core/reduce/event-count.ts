// A stream's event index under `retain: 'findings'` (src/core/inspector.ts): the events
// are counted, not kept. The rules judge each event as it passes and never read one back,
// so the only per-event fact held is where it starts in the stream's bytes (a byte or two
// an event), which a linter needs to put a finding on its line. Reading an event back gives
// undefined: the full EventTable (./event-table.ts) is for sessions someone will view.
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { EventList } from '../model/types.js';

// Events per page: a read decodes at most this many deltas.
const PAGE = 128;
const BLOCK = 1 << 16;
// The longest varint of a safe integer's zigzag (8 bytes of 7 bits cover 2^56).
const MAX_VARINT = 9;

/**
 * Event start offsets as varint deltas from the previous start (a byte or two an event),
 * in 64 KB blocks, with each page of 128 events' first start kept whole: a stream of any
 * size costs about 1.5 bytes an event, and no array is copied to grow.
 */
export class StartIndex {
  /** Per page: the start of its first event, and the position of its first delta. */
  readonly #bases: number[] = [];
  readonly #offsets: number[] = [];
  readonly #blocks: Uint8Array[] = [];
  /** Where the next delta goes: block * BLOCK + index in the block. */
  #pos = 0;
  #count = 0;
  #last = 0;

  get length(): number {
    return this.#count;
  }

  push(start: number): void {
    const i = this.#count++;
    if (i % PAGE === 0) {
      this.#bases.push(start);
      this.#offsets.push(this.#pos);
    } else this.#write(start - this.#last);
    this.#last = start;
  }

  at(i: number): number | undefined {
    if (!(Number.isInteger(i) && i >= 0 && i < this.#count)) return undefined;
    const page = Math.floor(i / PAGE);
    let value = this.#bases[page] as number;
    let pos = this.#offsets[page] as number;
    for (let k = page * PAGE; k < i; k++) {
      pos = fit(pos);
      const block = this.#blocks[Math.floor(pos / BLOCK)] as Uint8Array;
      let at = pos % BLOCK;
      let v = 0;
      let scale = 1;
      for (;;) {
        const b = block[at++] as number;
        v += (b & 0x7f) * scale;
        if (b < 0x80) break;
        scale *= 0x80;
      }
      value += v % 2 === 0 ? v / 2 : -(v + 1) / 2;
      pos = pos - (pos % BLOCK) + at;
    }
    return value;
  }

  #write(delta: number): void {
    this.#pos = fit(this.#pos);
    const index = Math.floor(this.#pos / BLOCK);
    if (index === this.#blocks.length) this.#blocks.push(new Uint8Array(BLOCK));
    const block = this.#blocks[index] as Uint8Array;
    let at = this.#pos % BLOCK;
    // Zigzag, so a start that goes back (no framing does) still fits.
    let v = delta >= 0 ? delta * 2 : -delta * 2 - 1;
    while (v >= 0x80) {
      block[at++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    block[at++] = v;
    this.#pos = index * BLOCK + at;
  }
}

/** A varint starts where it fits whole: too near a block's end, at the next block. */
function fit(pos: number): number {
  return pos % BLOCK > BLOCK - MAX_VARINT ? pos - (pos % BLOCK) + BLOCK : pos;
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
