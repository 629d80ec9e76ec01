import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aguiMatchers } from './index.js';

expect.extend(aguiMatchers);

const run = (events: object[]) => [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  ...events,
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];
const call = (id: string, name: string, args: string) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: args },
  { type: 'TOOL_CALL_END', toolCallId: id },
];
const CLEAN = run(call('c1', 'search', '{"q":"refunds"}'));
// The same call id reopened under another tool name: an error (event 4, counting from 0).
const REOPENED = run([...call('c1', 'search', '{"q":1}'), ...call('c1', 'fetch', '{"u":2}')]);
const sse = (events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
const thrown = (assert: () => unknown): string => {
  try {
    assert();
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error('the assertion passed');
};

describe('toBeValidAgui', () => {
  it('passes a clean run as events, SSE text, bytes and a Response', async () => {
    expect(CLEAN).toBeValidAgui();
    expect(sse(CLEAN)).toBeValidAgui();
    expect(new TextEncoder().encode(sse(CLEAN))).toBeValidAgui();
    await expect(new Response(sse(CLEAN), { headers: { 'content-type': 'text/event-stream' } })).toBeValidAgui();
    expect(REOPENED).not.toBeValidAgui();
  });

  it('fails naming the rule, the event index and the message', () => {
    const message = thrown(() => expect(REOPENED).toBeValidAgui());
    expect(message).toContain('expected a valid AG-UI stream, found 1 error findings in 1 run(s)');
    expect(message).toMatch(/tool-call\/reopen-name-mismatch \(thread t1 · run r1 · call c1 · event 4\): .*fetch/);
    expect(thrown(() => expect(sse(REOPENED)).toBeValidAgui())).toContain('tool-call/reopen-name-mismatch');
    expect(thrown(() => expect(CLEAN).not.toBeValidAgui())).toBe(
      'expected AG-UI error findings, found none in 1 run(s)',
    );
  });

  it('awaits a Response and fails with its findings', async () => {
    await expect(expect(new Response(sse(REOPENED))).toBeValidAgui()).rejects.toThrow(/reopen-name-mismatch/);
    const used = new Response(sse(CLEAN));
    await used.text();
    expect(() => expect(used).toBeValidAgui()).toThrow(/already read/);
  });

  it('fails a run cut before its terminal event unless allowNoTerminal', () => {
    const cut = CLEAN.slice(0, -1);
    expect(thrown(() => expect(cut).toBeValidAgui())).toContain('run/truncated');
    expect(cut).toBeValidAgui({ allowNoTerminal: true });
  });

  it('takes rules, allow and failOn as toHaveNoAguiErrors does', () => {
    expect(REOPENED).toBeValidAgui({ rules: { 'tool-call/reopen-name-mismatch': 'off' } });
    expect(REOPENED).toBeValidAgui({ allow: ['tool-call/reopen-name-mismatch'] });
    expect(REOPENED).toBeValidAgui({ allow: [{ rule: 'tool-call/reopen-name-mismatch', call: 'c1' }] });
    expect(() =>
      expect(REOPENED).toBeValidAgui({ allow: [{ rule: 'tool-call/reopen-name-mismatch', call: 'c2' }] }),
    ).toThrow();
    const downgraded = { rules: { 'tool-call/reopen-name-mismatch': 'warning' as const } };
    expect(REOPENED).toBeValidAgui(downgraded);
    // At warning, the reopened call's arguments (two JSON values back to back) fail too.
    const atWarning = thrown(() => expect(REOPENED).toBeValidAgui({ ...downgraded, failOn: 'warning' }));
    expect(atWarning).toContain('found 2 failing findings');
    expect(atWarning).toContain('tool-call/args-concatenated');
  });

  it('refuses an unknown rule, severity or profile by name', () => {
    expect(() => expect(CLEAN).toBeValidAgui({ rules: { 'tool-call/no-such-rule': 'off' } })).toThrow(/no-such-rule/);
    // @ts-expect-error: a misspelt severity is a type error too
    expect(() => expect(CLEAN).toBeValidAgui({ failOn: 'fatal' })).toThrow(/toBeValidAgui: failOn must be/);
    // @ts-expect-error: not a client profile
    expect(() => expect(CLEAN).toBeValidAgui({ profile: 'nope' })).toThrow(/toBeValidAgui: profile must be/);
  });

  it('reads agui-inspector.config.json under its own options', () => {
    const dir = mkdtempSync(resolve(tmpdir(), 'agui-vitest-config-'));
    const config = resolve(dir, 'agui-inspector.config.json');
    writeFileSync(config, JSON.stringify({ rules: { 'tool-call/reopen-name-mismatch': 'off' } }));
    expect(REOPENED).toBeValidAgui({ config });
    expect(() =>
      expect(REOPENED).toBeValidAgui({ config, rules: { 'tool-call/reopen-name-mismatch': 'error' } }),
    ).toThrow(/reopen-name-mismatch/);
    writeFileSync(config, JSON.stringify({ failOn: 'fatal' }));
    expect(() => expect(CLEAN).toBeValidAgui({ config })).toThrow(/agui-inspector\.config\.json: failOn must be/);
    expect(() => expect(CLEAN).toBeValidAgui({ config: resolve(dir, 'missing.json') })).toThrow(/no such file/);
  });

  it('fails what it cannot read, and throws on what is not a stream', () => {
    expect(thrown(() => expect('hello').toBeValidAgui())).toMatch(/could not be read: received body: unrecognised/);
    expect(thrown(() => expect([]).toBeValidAgui())).toContain('no AG-UI events');
    expect(() => expect({ type: 'RUN_STARTED' }).toBeValidAgui()).toThrow(/got Object/);
    expect(() => expect(42).toBeValidAgui()).toThrow(/got number/);
  });
});
