// A case armed in the panel plays the bytes `serve --cases` sends, at the same times, with
// the request's own ids where the case's primary run names its ids.
import { describe, expect, it } from 'vitest';
import { applyIdPatches } from '../replay/id-patches.js';
import { playPieces } from '../replay/pacing.js';
import { CLIENT_CASES } from './catalogue.js';
import { caseReplayRun } from './replay-run.js';

const byId = (id: string) => {
  const c = CLIENT_CASES.find((x) => x.id === id);
  if (!c) throw new Error(`no case ${id}`);
  return c;
};
const dec = new TextDecoder();

describe('caseReplayRun', () => {
  it('an event case: one SSE frame per event, each write at its time, lifecycle ids patched to the request', () => {
    const c = byId('frameworks/reopened-call');
    const run = caseReplayRun(c, 'conformance case frameworks/reopened-call');
    const frames = dec.decode(run.body).split('\n\n').filter(Boolean);
    expect(frames.length).toBe(c.answer.parts.length);
    expect(frames.map((f) => JSON.parse(f.slice('data: '.length)) as unknown)).toEqual(
      c.answer.parts.map((p) => ('event' in p ? p.event : undefined)),
    );
    expect(run.chunks.map((k) => k.at)).toEqual(c.answer.parts.map((p) => p.at));
    expect(run.chunks.at(-1)?.end).toBe(run.body.length);
    expect(run.events.map((e) => e.type)).toEqual(
      c.answer.parts.flatMap((p) => ('event' in p ? [String(p.event['type'])] : [])),
    );
    const patched = dec.decode(applyIdPatches(run.body, run.idPatches, { threadId: 'T-app', runId: 'R-app' }));
    const started = JSON.parse(patched.split('\n\n')[0]!.slice('data: '.length)) as Record<string, unknown>;
    expect(started).toMatchObject({ type: 'RUN_STARTED', threadId: 'T-app', runId: 'R-app' });
    const first = c.answer.parts[0];
    const recordedRunId = first && 'event' in first ? String(first.event['runId']) : '?';
    expect(dec.decode(run.body)).toContain(recordedRunId);
    expect(patched).not.toContain(`"${recordedRunId}"`);
  });

  it('an error page keeps its status, type and bytes; a slow case keeps its stalls under "As recorded"', () => {
    const page = caseReplayRun(byId('frameworks/html-error-page'), 'x');
    expect(page.status).toBe(502);
    expect(page.contentType).toBe('text/html');
    expect(dec.decode(page.body)).toContain('<h1>502 Bad Gateway</h1>');
    expect(page.events).toEqual([]);
    const slow = byId('frameworks/slow-with-stalls');
    const pieces = playPieces(caseReplayRun(slow, 'x'), { kind: 'recorded' });
    expect(pieces.at(-1)?.at).toBe(slow.answer.parts.at(-1)?.at);
    expect(pieces.at(-1)?.at).toBeGreaterThan(15_000);
  });
});
