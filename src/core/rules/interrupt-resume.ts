// Interrupts across the run boundary: a run that finishes with an interrupt outcome asks
// questions; the next request on the thread answers each in `resume` ({ interruptId,
// status: 'resolved' | 'cancelled', payload? }). The client refuses to send a request that
// leaves one unaddressed ("Thread has N pending interrupt(s) not addressed by resume"), and
// its buildResumeArray rejects answers to ids nothing asked. Pure: the panel shows the same
// matching in the run detail.
import type { RunModel } from '../model/types.js';
import type { Out } from './out.js';
import { arr, asRec, list, str } from './payload.js';

export interface PendingInterrupt {
  readonly id: string;
  readonly reason?: string;
  readonly message?: string;
  readonly expiresAt?: string;
}

export interface InterruptAnswer extends PendingInterrupt {
  /** The entry's status ('resolved', 'cancelled', another string, '' when absent); undefined = unanswered. */
  readonly status?: string;
  /** How many resume entries name this id. */
  readonly entries: number;
}

export interface ResumeMatch {
  readonly interrupts: readonly InterruptAnswer[];
  /** interruptIds of entries that answer nothing the previous run asked. */
  readonly unknown: readonly string[];
  /** Ids answered by more than one entry. */
  readonly duplicated: readonly string[];
}

/** The interrupts a finished run asked (its RUN_FINISHED interrupt outcome), in order. */
export function pendingInterrupts(run: RunModel): PendingInterrupt[] {
  const outcome = asRec(run.outcome);
  if (run.status !== 'finished' || str(outcome, 'type') !== 'interrupt') return [];
  const out: PendingInterrupt[] = [];
  for (const item of arr(outcome, 'interrupts') ?? []) {
    const i = asRec(item);
    const id = str(i, 'id');
    if (id === undefined) continue;
    out.push({ id, reason: str(i, 'reason'), message: str(i, 'message'), expiresAt: str(i, 'expiresAt') });
  }
  return out;
}

/** The resume entries of a request body, or undefined when it has no `resume` list. */
export function resumeEntries(raw: unknown): { readonly interruptId: string; readonly status: string }[] | undefined {
  const resume = arr(asRec(raw), 'resume');
  if (resume === undefined) return undefined;
  const out: { interruptId: string; status: string }[] = [];
  for (const item of resume) {
    const e = asRec(item);
    const id = str(e, 'interruptId');
    if (id !== undefined) out.push({ interruptId: id, status: str(e, 'status') ?? '' });
  }
  return out;
}

/** How the next request's resume entries answer the previous run's interrupts. */
export function matchResume(asked: readonly PendingInterrupt[], nextRaw: unknown): ResumeMatch {
  const entries = resumeEntries(nextRaw) ?? [];
  const count = new Map<string, number>();
  const status = new Map<string, string>();
  for (const e of entries) {
    count.set(e.interruptId, (count.get(e.interruptId) ?? 0) + 1);
    if (!status.has(e.interruptId)) status.set(e.interruptId, e.status);
  }
  const ids = new Set(asked.map((i) => i.id));
  return {
    interrupts: asked.map((i) => ({ ...i, status: status.get(i.id), entries: count.get(i.id) ?? 0 })),
    unknown: [...count.keys()].filter((id) => !ids.has(id)),
    duplicated: [...count.entries()].filter(([, n]) => n > 1).map(([id]) => id),
  };
}

export function checkResume(previous: RunModel, next: RunModel, out: Out): void {
  if (!next.input) return;
  const asked = pendingInterrupts(previous);
  if (asked.length === 0 && resumeEntries(next.input.raw) === undefined) return;
  const match = matchResume(asked, next.input.raw);
  const where = {
    streamId: next.streamId,
    runId: next.runId,
    threadId: next.threadId,
    events: [next.firstEvent],
    t: next.startedAt,
  };
  const request = `The next request on thread '${next.threadId}' (run '${next.runId}')`;
  const missing = match.interrupts.filter((i) => i.status === undefined);
  if (missing.length > 0)
    out.add(
      'run/resume-missing',
      `${request} leaves ${missing.length} interrupt(s) of run '${previous.runId}' unanswered: ${list(missing.map((i) => i.id))} (no resume entry; the client refuses to send such a request).`,
      where,
    );
  if (match.unknown.length > 0)
    out.add(
      'run/resume-unknown',
      `${request} answers interrupt id(s) ${list(match.unknown)}, which run '${previous.runId}' did not ask${asked.length === 0 ? ' (it finished without an interrupt outcome)' : ''}.`,
      where,
    );
  if (match.duplicated.length > 0)
    out.add(
      'run/resume-duplicate',
      `${request} answers interrupt(s) ${list(match.duplicated)} more than once: one resume entry per interrupt.`,
      where,
    );
}
