// Two runs side by side, as data: their tool calls paired by order and name with JSON
// diffs of arguments and results, the assistant text diffed word by word, the findings
// only one of them has, and their event counts and durations. Pure (no DOM): the view
// renders what this returns, and either run may come from another session (an import
// compared with a live run).
import { diffWordsWithSpace, type ChangeObject } from 'diff';
import type { Finding } from '../../../core/findings.js';
import type { RunModel, ToolCallModel } from '../../../core/model/types.js';
import { alignByName } from './align-calls.js';
import { diffValues, type ValueDiff } from './json-diff.js';

export interface CompareSide {
  /** Where the run comes from, for people ("live", a file name). */
  readonly source: string;
  readonly run: RunModel;
  /** The findings of this run (any order). */
  readonly findings: readonly Finding[];
}

export interface SideFacts {
  readonly events: number;
  /** undefined while the run is open. */
  readonly durationMs?: number;
  readonly calls: number;
  readonly findings: number;
}

export interface CallPair {
  readonly name: string;
  readonly a?: ToolCallModel;
  readonly b?: ToolCallModel;
  /** Only for pairs: arguments and the (last) result compared. */
  readonly args?: ValueDiff;
  readonly result?: ValueDiff;
}

export interface FindingDelta {
  readonly key: string;
  readonly rule: string;
  /** How many more times it fired on this side than on the other. */
  readonly count: number;
}

export interface RunComparison {
  readonly a: SideFacts;
  readonly b: SideFacts;
  readonly calls: readonly CallPair[];
  /** Pairs whose arguments or results differ, plus calls on one side only. */
  readonly differingCalls: number;
  readonly text: { readonly same: boolean; readonly parts?: readonly ChangeObject<string>[]; readonly tooLarge?: true };
  readonly onlyA: readonly FindingDelta[];
  readonly onlyB: readonly FindingDelta[];
}

/** Above this many edits the text diff says "differs" instead of listing them. */
const MAX_WORD_EDITS = 500;
/** Longer texts are only compared for equality (word diffs cost length × edits). */
const MAX_TEXT_CHARS = 50_000;

function facts(side: CompareSide): SideFacts {
  const r = side.run;
  return {
    events: Math.max(0, r.lastEvent - r.firstEvent + 1),
    ...(r.endedAt !== undefined ? { durationMs: r.endedAt - r.startedAt } : {}),
    calls: r.toolCalls.length,
    findings: side.findings.length,
  };
}

/** What the call returned: its last in-stream result, else the next run's answer. */
export function resultOf(call: ToolCallModel): unknown {
  const last = call.results[call.results.length - 1];
  if (last) return last.content;
  return call.answer ? (call.answer.error ?? call.answer.content) : undefined;
}

function pairCalls(a: readonly ToolCallModel[], b: readonly ToolCallModel[]): CallPair[] {
  return alignByName(a, b, (c) => c.name).map(({ a: ca, b: cb }): CallPair => {
    const name = (ca ?? cb)?.name ?? '';
    if (!ca || !cb) return { name, ...(ca ? { a: ca } : {}), ...(cb ? { b: cb } : {}) };
    return { name, a: ca, b: cb, args: diffValues(ca.args, cb.args), result: diffValues(resultOf(ca), resultOf(cb)) };
  });
}

export function assistantText(run: RunModel): string {
  const parts: string[] = [];
  for (const m of run.messages) if (m.kind === 'text' && m.role !== 'user') parts.push(m.text);
  return parts.join('\n');
}

/** A finding's identity across runs: its rule and the tool it concerns (ids differ run to run). */
function findingKeys(side: CompareSide): Map<string, { rule: string; count: number }> {
  const names = new Map(side.run.toolCalls.map((c) => [c.toolCallId, c.name]));
  const out = new Map<string, { rule: string; count: number }>();
  for (const f of side.findings) {
    const tool = f.toolCallId !== undefined ? names.get(f.toolCallId) : undefined;
    const key = tool !== undefined ? `${f.rule} · ${tool}` : f.rule;
    const seen = out.get(key);
    if (seen) seen.count++;
    else out.set(key, { rule: f.rule, count: 1 });
  }
  return out;
}

function onlyIn(
  mine: Map<string, { rule: string; count: number }>,
  other: Map<string, { rule: string; count: number }>,
): FindingDelta[] {
  const out: FindingDelta[] = [];
  for (const [key, v] of mine) {
    const extra = v.count - (other.get(key)?.count ?? 0);
    if (extra > 0) out.push({ key, rule: v.rule, count: extra });
  }
  return out.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}

function compareText(a: string, b: string): RunComparison['text'] {
  if (a === b) return { same: true };
  if (a.length > MAX_TEXT_CHARS || b.length > MAX_TEXT_CHARS) return { same: false, tooLarge: true };
  const parts = diffWordsWithSpace(a, b, { maxEditLength: MAX_WORD_EDITS });
  return parts === undefined ? { same: false, tooLarge: true } : { same: false, parts };
}

export function compareRuns(a: CompareSide, b: CompareSide): RunComparison {
  const calls = pairCalls(a.run.toolCalls, b.run.toolCalls);
  const differs = (p: CallPair): boolean =>
    !p.a || !p.b || p.args?.kind !== 'same' || p.result?.kind !== 'same' || p.a.status !== p.b.status;
  const ka = findingKeys(a);
  const kb = findingKeys(b);
  return {
    a: facts(a),
    b: facts(b),
    calls,
    differingCalls: calls.filter(differs).length,
    text: compareText(assistantText(a.run), assistantText(b.run)),
    onlyA: onlyIn(ka, kb),
    onlyB: onlyIn(kb, ka),
  };
}

export type { ValueDiff, JsonChange } from './json-diff.js';
