// Every command of `agui-inspector`, one entry each: the dispatcher (main.ts), the top-level
// usage (args.ts), the tests' loops over the commands and docs/cli.md's command list all
// derive from this table, so adding a command is one entry here plus its module.
import type { CliIo } from '../io.js';
import { EXPORT_USAGE } from './export-args.js';
import { runExport } from './export.js';
import { LINT_USAGE } from './lint-args.js';
import { runLint } from './lint.js';
import { PRINT_USAGE } from './print-args.js';
import { runPrint } from './print.js';
import { PROBE_USAGE } from './probe-args.js';
import { runProbe } from './probe.js';
import { REDACT_USAGE } from './redact-args.js';
import { runRedact } from './redact.js';
import { SERVE_USAGE } from './serve-args.js';
import { runServe } from './serve.js';
import { runStats } from './stats.js';
import { STATS_USAGE } from './stats-args.js';
import { VIEW_USAGE } from './view-args.js';
import { runView } from './view.js';

export interface CliCommand {
  readonly name: string;
  /** How to call it, after `agui-inspector `: its line in `--help` and in docs/cli.md. */
  readonly synopsis: string;
  /** What `agui-inspector NAME --help` prints. */
  readonly usage: string;
  readonly run: (argv: readonly string[], io: CliIo) => Promise<number>;
  /**
   * Collect garbage sooner (entry.ts): for commands whose memory grows with their input or
   * that make garbage at the rate they read. Long-running ones (serve) keep V8's defaults.
   */
  readonly tightHeap?: boolean;
}

export const COMMANDS: readonly CliCommand[] = [
  {
    name: 'lint',
    synopsis: 'lint [--format text|json|sarif|junit|github] [--fail-on LEVEL] [--rule ID=LEVEL|off]... FILE...',
    usage: LINT_USAGE,
    run: runLint,
    tightHeap: true,
  },
  { name: 'print', synopsis: 'print FILE', usage: PRINT_USAGE, run: runPrint },
  {
    name: 'serve',
    synopsis:
      'serve FILE... | --cases PICK [--port N] [--host H] [--speed N | --instant] [--match order|thread] [--loop]',
    usage: SERVE_USAGE,
    run: runServe,
  },
  {
    name: 'export',
    synopsis: 'export FILE [--run RUN] [--thread ID] --as sse|jsonl|har|playwright -o OUT',
    usage: EXPORT_USAGE,
    run: runExport,
  },
  {
    name: 'redact',
    synopsis: 'redact FILE -o OUT [--hide-lengths] [--strict]',
    usage: REDACT_USAGE,
    run: runRedact,
    tightHeap: true,
  },
  {
    name: 'probe',
    synopsis: "probe URL [--script FILE] [--step NAME]... [-H 'NAME: VALUE']... [--har FILE] [--format F]",
    usage: PROBE_USAGE,
    run: runProbe,
    tightHeap: true,
  },
  { name: 'stats', synopsis: 'stats [--format text|json] FILE', usage: STATS_USAGE, run: runStats },
  { name: 'view', synopsis: 'view FILE... [--no-open] [--port N]', usage: VIEW_USAGE, run: runView },
];

export function commandNamed(name: string | undefined): CliCommand | undefined {
  return COMMANDS.find((c) => c.name === name);
}
