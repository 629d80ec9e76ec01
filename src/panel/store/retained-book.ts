// The session cap's account: what the session really keeps alive, per stream, as the core's
// upper-bound estimate (src/core/reduce/retained.ts): the wire material and, beside it, the
// decoded text the model keeps (message text, arguments, results, inputs), the event index,
// the payload cache, and the findings. Counting wire bytes alone let the panel's heap reach
// about 1.6x the cap. Kept incrementally: new chunks are added as they arrive (per
// message), a stream's runs are re-measured once per batch and only when their version
// moved. Whether a stream's text can take one byte per character is learnt from its wire
// text here, where the panel sees it, so all-Latin-1 streams are not counted double.
import type { Finding } from '../../core/findings.js';
import type { RunModel, SessionModel, StreamModel } from '../../core/model/types.js';
import type { CharBytes } from '../../core/reduce/retained.js';
import { chunkRetainedBytes, runRetainedBytes, streamOwnRetainedBytes, wireRetainedBytes } from '../core-deps.js';

/**
 * A character outside Latin-1 (a \u escape may decode to one too, tested apart). Alone,
 * the class costs nothing on a one-byte string (the engine knows none can match); an
 * alternation with the escape would scan every character.
 */
const WIDE = /[\u0100-\uffff]/;

interface StreamAccount {
  charBytes: CharBytes;
  /** The wire text so far ended in a backslash (an escape may continue in the next chunk). */
  backslash: boolean;
  chunks: number;
  wire: number;
  own: number;
  runs: number;
  /** Runs before the stream's last two no longer grow: measured once, summed here. */
  settledRuns: number;
  settledBytes: number;
}

/** A stream's last runs may still change; the ones before them are measured once. */
const LIVE_RUNS = 2;

export interface RetainedBook {
  /** Wire text of a stream (chunk text, message fields, url, request body) as it arrives. */
  seeText(streamId: string, text: string): void;
  /** Undecoded bytes (base64 chunks): their text may be anything. */
  seeBinary(streamId: string): void;
  /** Count what a stream's new chunks hold; returns the session total. */
  note(model: SessionModel, streamId: string): number;
  /** Re-measure the runs of the streams noted since, and the findings; returns the total. */
  settle(model: SessionModel): number;
  /** A stream's size in this account (what evicting it frees). */
  measure(stream: StreamModel): number;
  /** After an eviction: drop streams the model no longer has; returns the total. */
  prune(model: SessionModel): number;
  reset(): void;
  readonly total: number;
}

function findingBytes(f: Finding): number {
  const ids = (f.threadId?.length ?? 0) + (f.runId?.length ?? 0) + (f.toolCallId?.length ?? 0);
  return 256 + 2 * (f.message.length + f.rule.length + (f.messageId?.length ?? 0) + ids) + 8 * f.events.length;
}

export function createRetainedBook(): RetainedBook {
  const accounts = new Map<string, StreamAccount>();
  const touched = new Set<string>();
  const memo = new WeakMap<object, number>();
  const runMemo = new WeakMap<RunModel, { version: number; charBytes: CharBytes; bytes: number }>();
  const streamIndex = new Map<string, StreamModel>();
  const runIndex = new Map<string, RunModel>();
  let indexedStreams: readonly StreamModel[] = [];
  let indexedRuns: readonly RunModel[] = [];
  let streamsAt = 0;
  let runsAt = 0;
  let findings = { list: [] as readonly Finding[], at: 0, bytes: 0 };
  let streamsTotal = 0;

  const account = (id: string): StreamAccount => {
    let a = accounts.get(id);
    if (a === undefined) {
      a = { charBytes: 1, backslash: false, chunks: 0, wire: 0, own: 0, runs: 0, settledRuns: 0, settledBytes: 0 };
      accounts.set(id, a);
    }
    return a;
  };
  // The model's arrays grow in place and are replaced on eviction: index what is new.
  function reindex(model: SessionModel): void {
    if (model.streams !== indexedStreams) {
      streamIndex.clear();
      indexedStreams = model.streams;
      streamsAt = 0;
    }
    if (model.runs !== indexedRuns) {
      runIndex.clear();
      indexedRuns = model.runs;
      runsAt = 0;
    }
    for (; streamsAt < model.streams.length; streamsAt++) {
      const s = model.streams[streamsAt] as StreamModel;
      streamIndex.set(s.info.streamId, s);
    }
    for (; runsAt < model.runs.length; runsAt++) {
      const r = model.runs[runsAt] as RunModel;
      runIndex.set(r.key, r);
    }
  }
  function runBytes(run: RunModel, charBytes: CharBytes): number {
    const known = runMemo.get(run);
    if (known !== undefined && known.version === run.version && known.charBytes === charBytes) return known.bytes;
    const bytes = runRetainedBytes(run, { charBytes, memo });
    runMemo.set(run, { version: run.version, charBytes, bytes });
    return bytes;
  }
  function runBytesOf(key: string | undefined, charBytes: CharBytes): number {
    const run = key === undefined ? undefined : runIndex.get(key);
    return run === undefined ? 0 : runBytes(run, charBytes);
  }
  function countFindings(model: SessionModel): void {
    if (model.findings !== findings.list) findings = { list: model.findings, at: 0, bytes: 0 };
    let bytes = findings.bytes;
    for (let i = findings.at; i < model.findings.length; i++) bytes += findingBytes(model.findings[i] as Finding);
    findings = { list: model.findings, at: model.findings.length, bytes };
  }
  function measureOwn(stream: StreamModel, a: StreamAccount): void {
    const o = { charBytes: a.charBytes, memo };
    for (let i = a.chunks; i < stream.chunks.length; i++) a.wire += chunkRetainedBytes(stream.chunks[i]!, o);
    a.chunks = stream.chunks.length;
    const own = streamOwnRetainedBytes(stream, o, a.wire);
    streamsTotal += own - a.own;
    a.own = own;
  }

  const book: RetainedBook = {
    seeText(id, text) {
      const a = account(id);
      if (a.charBytes === 2 || text.length === 0) return;
      if (WIDE.test(text) || text.includes('\\u') || (a.backslash && text.startsWith('u'))) {
        a.charBytes = 2;
        // What was counted at one byte a character is counted again at two.
        a.wire = 0;
        a.chunks = 0;
        a.settledRuns = 0;
        a.settledBytes = 0;
      }
      a.backslash = text.endsWith('\\');
    },
    seeBinary(id) {
      const a = account(id);
      if (a.charBytes === 2) return;
      a.charBytes = 2;
      a.wire = 0;
      a.chunks = 0;
      a.settledRuns = 0;
      a.settledBytes = 0;
    },
    note(model, id) {
      reindex(model);
      const stream = streamIndex.get(id);
      if (stream === undefined) return book.total;
      measureOwn(stream, account(id));
      touched.add(id);
      return book.total;
    },
    settle(model) {
      reindex(model);
      for (const id of touched) {
        const stream = streamIndex.get(id);
        const a = accounts.get(id);
        if (stream === undefined || a === undefined) continue;
        measureOwn(stream, a);
        // Cost per batch stays flat however many runs one stream carried.
        const keys = stream.runKeys;
        const live = Math.max(0, keys.length - LIVE_RUNS);
        for (; a.settledRuns < live; a.settledRuns++) a.settledBytes += runBytesOf(keys[a.settledRuns], a.charBytes);
        let runs = a.settledBytes;
        for (let i = live; i < keys.length; i++) runs += runBytesOf(keys[i], a.charBytes);
        streamsTotal += runs - a.runs;
        a.runs = runs;
      }
      touched.clear();
      countFindings(model);
      return book.total;
    },
    measure(stream) {
      const a = accounts.get(stream.info.streamId);
      return a !== undefined ? a.own + a.runs : wireRetainedBytes(stream, { charBytes: 2, memo });
    },
    prune(model) {
      reindex(model);
      for (const [id, a] of accounts) {
        if (streamIndex.has(id)) continue;
        streamsTotal -= a.own + a.runs;
        accounts.delete(id);
        touched.delete(id);
      }
      countFindings(model);
      return book.total;
    },
    reset() {
      accounts.clear();
      touched.clear();
      streamIndex.clear();
      runIndex.clear();
      indexedStreams = [];
      indexedRuns = [];
      streamsAt = 0;
      runsAt = 0;
      findings = { list: [], at: 0, bytes: 0 };
      streamsTotal = 0;
    },
    get total() {
      return streamsTotal + findings.bytes;
    },
  };
  return book;
}
