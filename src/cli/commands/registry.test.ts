// The registry is the one list of commands: the docs' list, the top-level help and each
// command's module are held to it, so a command added or renamed there cannot leave any of
// them behind.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../memory-io.test-helper.js';
import { COMMANDS } from './registry.js';

const docs = readFileSync(resolve(import.meta.dirname, '../../../docs/cli.md'), 'utf8');
/** docs/cli.md's "## Commands" section, up to the next heading. */
const section = /^## Commands\n([\s\S]*?)\n## /m.exec(docs)?.[1] ?? '';

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

describe('the command registry', () => {
  it('is what docs/cli.md lists: each command with its synopsis, in order, and nothing else', () => {
    const block = /```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(block.trimEnd().split('\n')).toEqual(COMMANDS.map((c) => `agui-inspector ${c.synopsis}`));
    const described = [...section.matchAll(/^- \[?`([a-z-]+)`/gm)].map((m) => m[1]);
    expect(described).toEqual(COMMANDS.map((c) => c.name));
  });

  it('is what `agui-inspector --help` lists, and an unknown command is answered with its names', async () => {
    const help = await runCli(['--help']);
    const lines = help.stdout.split('\n').filter((l) => l.startsWith('  agui-inspector ') && !l.includes('COMMAND'));
    expect(lines).toEqual(COMMANDS.map((c) => `  agui-inspector ${c.synopsis}`));
    const unknown = await runCli(['fix']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`(expected ${COMMANDS.map((c) => c.name).join(', ')})`);
  });

  it('names one module pair per command: run<Name> in <name>.ts, <NAME>_USAGE and parse<Name>Args in <name>-args.ts', async () => {
    expect(new Set(COMMANDS.map((c) => c.name)).size).toBe(COMMANDS.length);
    for (const command of COMMANDS) {
      const name = capitalized(command.name);
      const module = (await import(`./${command.name}.ts`)) as Record<string, unknown>;
      const args = (await import(`./${command.name}-args.ts`)) as Record<string, unknown>;
      expect(module[`run${name}`], command.name).toBe(command.run);
      expect(args[`${command.name.toUpperCase()}_USAGE`], command.name).toBe(command.usage);
      expect(typeof args[`parse${name}Args`], command.name).toBe('function');
      expect(command.synopsis.startsWith(`${command.name} `), command.name).toBe(true);
    }
  });
});
