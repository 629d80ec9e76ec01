// Script files: JSON and YAML give the same script; mistakes are messages naming the field.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRIPT } from './default-script.js';
import { parseScript } from './parse-script.js';
import { runCli } from '../memory-io.test-helper.js';

const YAML = `
steps:
  - name: hello
    kind: turn
    timeoutMs: 5000
    messages:
      - { role: user, content: Hi }
    expect:
      events: [TEXT_MESSAGE_START]
`;

describe('parseScript', () => {
  it('reads YAML and JSON to the same script', () => {
    const yaml = parseScript(YAML);
    const json = parseScript(
      JSON.stringify({
        steps: [
          {
            name: 'hello',
            kind: 'turn',
            timeoutMs: 5000,
            messages: [{ role: 'user', content: 'Hi' }],
            expect: { events: ['TEXT_MESSAGE_START'] },
          },
        ],
      }),
    );
    expect(yaml).toEqual(json);
    expect(yaml.ok && yaml.script.steps[0]?.timeoutMs).toBe(5000);
  });

  it('accepts the built-in script', () => {
    expect(parseScript(JSON.stringify(DEFAULT_SCRIPT))).toEqual({ ok: true, script: DEFAULT_SCRIPT });
  });

  it('names the field that is wrong', () => {
    const r = parseScript('steps:\n  - name: a\n    kind: turn\n    timeout: 5\n');
    expect(r).toEqual({ ok: false, error: 'script /steps/0/timeout: unknown field (the fields are in docs/probe.md)' });
    const kind = parseScript('steps:\n  - name: a\n    kind: chat\n');
    expect(kind).toEqual({ ok: false, error: expect.stringMatching(/^script \/steps\/0\/kind: /) });
  });

  it('refuses two steps with one name, and text that is neither JSON nor YAML', () => {
    expect(parseScript('steps:\n  - { name: a, kind: turn }\n  - { name: a, kind: cancel }\n')).toEqual({
      ok: false,
      error: 'script: two steps are named "a"',
    });
    expect(parseScript('{"steps": [')).toEqual({ ok: false, error: expect.stringMatching(/^not valid JSON: /) });
    expect(parseScript('steps: [a: b: c')).toEqual({ ok: false, error: expect.stringMatching(/^not valid YAML: /) });
  });
});

describe('probe command line', () => {
  it('exits 2 naming the steps when --step names none of them', async () => {
    const r = await runCli(['probe', 'http://127.0.0.1:9/agent', '--step', 'nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'no step named "nope"; the script has text-turn, frontend-tool, state, two-runs, cancel, malformed, concurrent',
    );
  });

  it('exits 2 for a bad script file, a bad URL or a bad header, without echoing a header value', async () => {
    const bad = await runCli(['probe', 'http://127.0.0.1:9/agent', '--script', 's.yaml'], {
      files: { 's.yaml': 'steps: []\n' },
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^agui-inspector: s\.yaml: script \/steps: /);
    const url = await runCli(['probe', 'ftp://example.com/agent']);
    expect(url.stderr).toMatch(/probe needs an http:\/\/ or https:\/\/ URL/);
    const header = await runCli(['probe', 'http://127.0.0.1:9/agent', '-H', 'Bearer secret-value-1']);
    expect(header.code).toBe(2);
    expect(header.stderr).not.toContain('secret-value-1');
  });

  it('is listed in the top-level help', async () => {
    const r = await runCli(['--help']);
    expect(r.stdout).toMatch(/agui-inspector probe URL \[--script FILE\]/);
  });
});
