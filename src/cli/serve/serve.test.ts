// `serve` against real clients: @ag-ui/client's HttpAgent (SSE and protobuf recordings,
// runs in order, paced and instant), an EventSource, a CORS preflight, and the journal.
import { afterEach, describe, expect, it } from 'vitest';
import { HttpAgent, type BaseEvent } from '@ag-ui/client';
import { EventSource } from 'eventsource';
import { FIXTURES } from '../../../test/fixtures/read-fixture.js';
import { main } from '../main.js';
import { memoryIo } from '../memory-io.test-helper.js';
import { closeServed, fixture, runsOf, serve } from './serve.test-helper.js';

afterEach(closeServed);

async function agentRun(url: string, threadId: string, runId?: string): Promise<BaseEvent[]> {
  const agent = new HttpAgent({ url, threadId });
  const events: BaseEvent[] = [];
  await agent.runAgent(runId !== undefined ? { runId } : {}, { onEvent: ({ event }) => void events.push(event) });
  return events;
}

/** The recorded events as the client sees them: type and payload fields. */
function expectSameEvents(received: readonly BaseEvent[], recorded: readonly unknown[]): void {
  expect(received.map((e) => e.type)).toEqual(recorded.map((e) => (e as { type: string }).type));
  received.forEach((e, i) => expect(e).toMatchObject(recorded[i] as object));
}

describe('serve with HttpAgent', () => {
  it('replays an SSE recording: the client gets the recorded events', async () => {
    const runs = runsOf('backend-tool.sse');
    const { server, journal } = await serve(runs);
    const events = await agentRun(`${server.url}/agent`, 'any-thread');
    expectSameEvents(events, runs[0]!.events);
    expect(journal).toMatchObject([
      { method: 'POST', path: '/agent', threadId: 'any-thread', answeredBy: 'backend-tool.sse#1', status: 200 },
    ]);
    expect(journal[0]!.bytes).toBe(fixture('backend-tool.sse').length);
  });

  it('replays a protobuf recording with its content type', async () => {
    const runs = runsOf('backend-tool.bin');
    expect(runs[0]!.encoding).toBe('proto');
    const { server, journal } = await serve(runs, { loop: true });
    const response = await fetch(`${server.url}/agent`, { method: 'POST', body: '{}' });
    expect(response.headers.get('content-type')).toBe('application/vnd.ag-ui.event+proto');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(fixture('backend-tool.bin'));
    const events = await agentRun(`${server.url}/agent`, 't');
    expect(events.length).toBeGreaterThan(3);
    expectSameEvents(events, runsOf('backend-tool.sse')[0]!.events);
    expect(journal.map((j) => j.status)).toEqual([200, 200]);
  });

  it('answers two runs in recorded order, then 404 without --loop', async () => {
    const runs = runsOf('frontend-round-trip.har');
    expect(runs).toHaveLength(2);
    const { server, journal } = await serve(runs);
    const first = await agentRun(`${server.url}/run`, 'thread-trip', 'mine-1');
    const second = await agentRun(`${server.url}/run`, 'thread-trip', 'mine-2');
    expectSameEvents(first, runs[0]!.events);
    expectSameEvents(second, runs[1]!.events);
    expect((await fetch(`${server.url}/run`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect(journal.map((j) => [j.runId, j.answeredBy])).toEqual([
      ['mine-1', 'frontend-round-trip.har#1'],
      ['mine-2', 'frontend-round-trip.har#2'],
      [undefined, undefined],
    ]);
  });

  it('--loop starts over; --match thread picks by threadId', async () => {
    const trip = runsOf('frontend-round-trip.har');
    const tool = runsOf('backend-tool.sse');
    const looped = await serve(tool, { loop: true });
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${looped.server.url}/a`, { method: 'POST', body: '{}' })).status).toBe(200);
    const byThread = await serve([...tool, ...trip], { match: 'thread' });
    const events = await agentRun(`${byThread.server.url}/a`, 'thread-trip');
    expectSameEvents(events, trip[0]!.events);
    expect(
      (await fetch(`${byThread.server.url}/a`, { method: 'POST', body: JSON.stringify({ threadId: 'unknown' }) }))
        .status,
    ).toBe(404);
    expect(byThread.journal.map((j) => j.answeredBy)).toEqual(['frontend-round-trip.har#1', undefined]);
  });
});

describe('serve pacing', () => {
  // A recording with 3 events 60 ms apart (JSONL timestamps are arrival times).
  const t0 = 1_700_000_000_000;
  const jsonl = (gap: number) =>
    [
      { type: 'RUN_STARTED', threadId: 'p', runId: 'p1', timestamp: t0 },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm', role: 'assistant', delta: 'hi', timestamp: t0 + gap },
      { type: 'RUN_FINISHED', threadId: 'p', runId: 'p1', timestamp: t0 + 2 * gap },
    ]
      .map((e) => JSON.stringify(e))
      .join('\n');

  async function timedRead(url: string): Promise<{ reads: number; ms: number }> {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', body: '{}' });
    const reader = response.body!.getReader();
    let reads = 0;
    while (!(await reader.read()).done) reads++;
    return { reads, ms: performance.now() - started };
  }

  it('keeps the recorded pauses, scaled by --speed, and the chunk boundaries', async () => {
    const runs = runsOf('paced.jsonl', new TextEncoder().encode(jsonl(60)));
    const normal = await serve(runs, { speed: 1 });
    const paced = await timedRead(`${normal.server.url}/`);
    // Timers never fire early by more than rounding, so the pauses are a lower bound.
    expect(paced.ms).toBeGreaterThanOrEqual(115);
    expect(paced.reads).toBe(3);
    const fast = await serve(runs, { speed: 4, loop: true });
    expect((await timedRead(`${fast.server.url}/`)).ms).toBeGreaterThanOrEqual(28);
    // The official client reads the paced stream as it would the live one.
    const events = await agentRun(`${fast.server.url}/`, 'p');
    expect(events.map((e) => e.type)).toEqual([
      'RUN_STARTED',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'RUN_FINISHED',
    ]);
  });

  it('--instant does not wait (pauses of 20 s would exceed the test timeout)', async () => {
    const runs = runsOf('slow.jsonl', new TextEncoder().encode(jsonl(20_000)));
    const { server } = await serve(runs);
    const events = await agentRun(`${server.url}/`, 'p');
    expect(events.map((e) => e.type)).toContain('TEXT_MESSAGE_CONTENT');
  });
});

describe('serve over GET (EventSource) and CORS', () => {
  it('streams a recorded run to an EventSource', async () => {
    const runs = runsOf('demo/eventsource.sse');
    const { server, journal } = await serve(runs);
    const source = new EventSource(`${server.url}/stream?threadId=es-thread&runId=q1`);
    const data: unknown[] = [];
    await new Promise<void>((done, fail) => {
      // The recording names some events (progress, done), as EventSource servers do.
      for (const name of ['message', 'progress', 'done']) {
        source.addEventListener(name, (m) => {
          data.push(JSON.parse(m.data) as unknown);
          if (name === 'done') done();
        });
      }
      source.onerror = () => fail(new Error('EventSource error before RUN_FINISHED'));
    });
    source.close();
    expect(data).toEqual(runs[0]!.events);
    // The journal line is written once the answer is complete.
    await expect.poll(() => journal.length).toBe(1);
    expect(journal[0]).toMatchObject({
      method: 'GET',
      path: '/stream',
      threadId: 'es-thread',
      runId: 'q1',
      answeredBy: 'demo/eventsource.sse#1',
    });
  });

  it('answers a CORS preflight from a loopback page, without credentials or a private-network grant', async () => {
    const { server } = await serve(runsOf('backend-tool.sse'), { loop: true });
    const pre = await fetch(`${server.url}/agent`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,authorization',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type,authorization');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    expect(pre.headers.get('access-control-allow-private-network')).toBeNull();
    for (const origin of ['http://127.0.0.1:8080', 'http://[::1]:3000']) {
      const res = await fetch(`${server.url}/agent`, { method: 'POST', headers: { Origin: origin }, body: '{}' });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      await res.arrayBuffer();
    }
  });
});

describe('serve answers with the request ids by default', () => {
  it("puts the request's threadId and runId into the lifecycle events; --keep-ids keeps the recorded ones", async () => {
    const runs = runsOf('backend-tool.sse');
    const recorded = runs[0]!.events as { type: string; threadId?: string; runId?: string }[];
    const started = recorded.find((e) => e.type === 'RUN_STARTED')!;
    const { server } = await serve(runs, { keepIds: false });
    const events = await agentRun(`${server.url}/agent`, 'thread-of-the-app', 'run-of-the-app');
    const lifecycle = events.filter((e) => e.type.startsWith('RUN_')) as unknown as {
      threadId: string;
      runId: string;
    }[];
    expect(lifecycle.length).toBeGreaterThanOrEqual(2);
    for (const e of lifecycle) expect(e).toMatchObject({ threadId: 'thread-of-the-app', runId: 'run-of-the-app' });
    const kept = await serve(runs, { keepIds: true });
    const same = await agentRun(`${kept.server.url}/agent`, 'thread-of-the-app', 'run-of-the-app');
    expect(same.find((e) => e.type === 'RUN_STARTED')).toMatchObject({
      threadId: started.threadId,
      runId: started.runId,
    });
  });

  it('keeps every other byte and the chunk count when the ids change length', async () => {
    const runs = runsOf('backend-tool.sse');
    const { server } = await serve(runs, { keepIds: false });
    const res = await fetch(`${server.url}/agent`, {
      method: 'POST',
      body: JSON.stringify({ threadId: 'T', runId: 'a-much-longer-run-id-than-recorded' }),
    });
    const text = await res.text();
    const recorded = new TextDecoder().decode(fixture('backend-tool.sse'));
    const started = (runs[0]!.events as { type: string; threadId: string; runId: string }[]).find(
      (e) => e.type === 'RUN_STARTED',
    )!;
    const expected = recorded
      .replaceAll(JSON.stringify(started.threadId), '"T"')
      .replaceAll(JSON.stringify(started.runId), '"a-much-longer-run-id-than-recorded"');
    expect(text).toBe(expected);
  });
});

describe('agui-inspector serve (command)', () => {
  /** Fixtures and `files`, read whole; the command stops when `stop` settles. */
  const io = (stop: Promise<void>, files: Record<string, string> = {}) =>
    memoryIo({ dir: FIXTURES, files, untilStopped: () => stop });

  it('prints where it listens, one journal line per request, and stops when asked', async () => {
    let stop!: () => void;
    const out = io(new Promise<void>((r) => (stop = r)));
    const exit = main(['serve', '--port', '0', '--instant', 'frontend-round-trip.har'], out.io);
    await expect.poll(() => out.stderr).toMatch(/serving 2 recorded runs at http:\/\/127\.0\.0\.1:\d+/);
    const url = /at (http:\/\/\S+)/.exec(out.stderr)![1]!;
    await agentRun(`${url}/agent`, 'thread-trip', 'r-1');
    await expect
      .poll(() => out.stdout)
      .toMatch(/^POST \/agent thread=thread-trip run=r-1 → frontend-round-trip\.har#1 200 \d+ bytes\n$/);
    stop();
    expect(await exit).toBe(0);
    await expect(fetch(`${url}/agent`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('lists the runs it serves in bounded lines, however many runs a request holds', async () => {
    let stop!: () => void;
    const body = Array.from({ length: 40 }, (_, i) =>
      [
        `data: {"type":"RUN_STARTED","threadId":"t","runId":"r-${i}"}\n\n`,
        `data: {"type":"RUN_FINISHED","threadId":"t","runId":"r-${i}"}\n\n`,
      ].join(''),
    ).join('');
    const out = io(new Promise<void>((r) => (stop = r)), { 'many.sse': body });
    const exit = main(['serve', '--port', '0', 'many.sse'], out.io);
    await expect.poll(() => out.stderr).toMatch(/serving 1 recorded run at/);
    expect(out.stderr).toMatch(/many\.sse#1: sse, thread t, run r-0, r-1, r-2 and 37 more\n/);
    expect(out.stderr).not.toMatch(/r-39/);
    stop();
    expect(await exit).toBe(0);
  });

  it('exits 2 with a clear message for a file with no runs', async () => {
    const empty = JSON.stringify({ format: 'agui-inspector-session', version: 1, exportedAt: 0, streams: [] });
    const out = io(Promise.resolve(), { 'empty.json': empty });
    expect(await main(['serve', 'backend-tool.sse', 'empty.json'], out.io)).toBe(2);
    expect(out.stderr).toMatch(/empty\.json: (holds no recorded runs|.*no)/);
    expect(await main(['serve', '--speed', '2', '--instant', 'backend-tool.sse'], out.io)).toBe(2);
    expect(out.stderr).toMatch(/--speed and --instant exclude each other/);
  });
});
