// `print`: what the panel shows of a file (outcomes, the replayed mark, notes) as text.
import { describe, expect, it } from 'vitest';
import type { Capture } from '../../core/io/types.js';
import type { SessionNoteV1 } from '../../core/io/session-notes.js';
import { writeSession } from '../../core/io/redact/session-file.js';
import { runCli } from '../memory-io.test-helper.js';

const encode = (t: string) => new TextEncoder().encode(t);
const sse = (...events: object[]) => encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));

function capture(streamId: string, body: Uint8Array, extra: Partial<Capture['open']> = {}): Capture {
  return {
    open: {
      streamId,
      transport: 'fetch',
      encoding: 'sse',
      url: 'https://app.test/agent',
      method: 'POST',
      requestHeaders: {},
      status: 200,
      contentType: 'text/event-stream',
      startedAt: 1,
      ...extra,
    },
    pieces: [{ t: 2, kind: 'bytes', data: body }],
    end: { reason: 'complete', t: 3 },
  };
}

function print(bytes: Uint8Array) {
  return runCli(['print', 'session.json'], { files: { 'session.json': bytes } });
}

describe('agui-inspector print', () => {
  it('shows each run’s outcome as the panel does, the replayed mark and the notes', async () => {
    const interrupted = sse(
      { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r1', outcome: { type: 'interrupt', interrupts: [] } },
    );
    const errored = sse(
      { type: 'RUN_STARTED', threadId: 't', runId: 'r2' },
      { type: 'RUN_ERROR', message: 'model overloaded' },
    );
    const replayed = { source: 'customer.har · run-cust-1', armId: 'arm-7', index: 0 };
    const notes: SessionNoteV1[] = [
      { id: 'n1', text: 'this is where it broke', createdAt: 5, target: { kind: 'run', streamId: 's2', run: 0 } },
    ];
    const file = writeSession(
      [capture('s1', interrupted), capture('s2', errored, { replayed })],
      { exportedAt: 1, extensionVersion: 'test', notes },
      [],
      undefined,
    ).text;
    const r = await print(encode(file));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/run="r1"[^\n]*\n\s+outcome: interrupt \(recorded \{"type":"interrupt"/);
    expect(r.stdout).toMatch(/run="r2"[^\n]*\n\s+outcome: error: model overloaded\n/);
    expect(r.stdout).toMatch(/\n\s+replayed from customer\.har · run-cust-1 \(run 1 of arm arm-7\)\n/);
    expect(r.stdout).toMatch(/\nnotes\n\s+on run 0 of [^:]+: this is where it broke\n?$/);
  });

  it('prints no notes section for a file without notes', async () => {
    const r = await print(sse({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/status=truncated[^\n]*\n\s+outcome: truncated\n/);
    expect(r.stdout).not.toMatch(/\nnotes\n/);
  });
});
