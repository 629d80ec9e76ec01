// The Events list over every stream (or one run), raw or chunk-expanded. Without a
// filter, rows map to (stream, index) through an offsets array over streams. With one,
// matches are collected incrementally: each stream's log is scanned only past what was
// already scanned, cached per log lineage (the chunk spine is shared by its versions).
import type { ExpandedEvent, RawEvent } from '../../core/events/types.js';
import type { EventList, SessionModel, StreamModel } from '../../core/model/types.js';
import { matchesFilter, type ParsedFilter } from '../store/filter.js';
import { eventIds, problemText, summarizePayload, summarizeRaw } from './event-summary.js';

export interface EventRow {
  readonly stream: StreamModel;
  /** Index in the raw or expanded log. */
  readonly index: number;
  readonly raw: RawEvent;
  readonly expanded?: ExpandedEvent;
}

export interface EventIndex {
  readonly count: number;
  rowAt(i: number): EventRow | undefined;
  rowOf(streamId: string, index: number): number;
}

export interface EventScope {
  readonly expanded: boolean;
  /** Limit to one run: its stream and wire index range. */
  readonly run?: { readonly streamId: string; readonly first: number; readonly last: number };
}

type AnyEvent = RawEvent | ExpandedEvent;

interface Scan {
  key: string;
  scanned: number;
  matches: number[];
}

const rawOf = (e: AnyEvent): RawEvent => ('raw' in e ? e.raw : e);

export function eventTexts(e: AnyEvent): string[] {
  const raw = rawOf(e);
  const type = 'raw' in e ? e.type : raw.type;
  const summary = 'raw' in e ? summarizePayload(e.type, e.payload) : summarizeRaw(raw);
  return [
    type || '(undecodable)',
    summary,
    problemText(raw),
    ...eventIds('raw' in e ? e.payload : raw.payload),
    ...('raw' in e && e.synthesized ? ['synthesized'] : []),
  ];
}

export function createEventIndexer(): (model: SessionModel, filter: ParsedFilter, scope: EventScope) => EventIndex {
  const scans = new WeakMap<object, Scan>();

  const matchesOf = (log: EventList<AnyEvent>, filter: ParsedFilter, scope: EventScope): number[] => {
    const key = `${filter.key}\u0000${scope.run ? `${scope.run.first}-${scope.run.last}` : ''}`;
    let scan = scans.get(log);
    if (!scan || scan.key !== key || scan.scanned > log.length) {
      scan = { key, scanned: 0, matches: [] };
      scans.set(log, scan);
    }
    for (let i = scan.scanned; i < log.length; i++) {
      const e = log.at(i);
      if (!e) continue;
      const wire = rawOf(e).index;
      if (scope.run && (wire < scope.run.first || wire > scope.run.last)) continue;
      if (matchesFilter(filter, eventTexts(e))) scan.matches.push(i);
    }
    scan.scanned = log.length;
    return scan.matches;
  };

  return (model, filter, scope) => {
    const parts: { stream: StreamModel; log: EventList<AnyEvent>; list?: number[]; base: number; count: number }[] = [];
    let total = 0;
    for (let s = 0; s < model.streams.length; s++) {
      const stream = model.streams[s];
      if (!stream || (scope.run && stream.info.streamId !== scope.run.streamId)) continue;
      const log: EventList<AnyEvent> = scope.expanded ? stream.expanded : stream.rawEvents;
      const needsScan = filter.terms.length > 0 || (scope.run !== undefined && scope.expanded);
      let list: number[] | undefined;
      let base = 0;
      let count: number;
      if (needsScan) {
        list = matchesOf(log, filter, scope);
        count = list.length;
      } else if (scope.run) {
        base = scope.run.first;
        count = Math.max(0, Math.min(scope.run.last, log.length - 1) - scope.run.first + 1);
      } else {
        count = log.length;
      }
      parts.push({ stream, log, ...(list ? { list } : {}), base, count });
      total += count;
    }
    const locate = (i: number): { part: (typeof parts)[number]; local: number } | undefined => {
      let rest = i;
      for (const part of parts) {
        if (rest < part.count) return { part, local: rest };
        rest -= part.count;
      }
      return undefined;
    };
    return {
      count: total,
      rowAt(i) {
        const at = locate(i);
        if (!at) return undefined;
        const index = at.part.list ? (at.part.list[at.local] ?? -1) : at.part.base + at.local;
        const e = at.part.log.at(index);
        if (!e) return undefined;
        return 'raw' in e
          ? { stream: at.part.stream, index, raw: e.raw, expanded: e }
          : { stream: at.part.stream, index, raw: e };
      },
      rowOf(streamId, index) {
        let before = 0;
        for (const part of parts) {
          if (part.stream.info.streamId === streamId) {
            const local = part.list ? part.list.indexOf(index) : index - part.base;
            return local < 0 || local >= part.count ? -1 : before + local;
          }
          before += part.count;
        }
        return -1;
      },
    };
  };
}
