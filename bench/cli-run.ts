// bench/cli.ts's runs of the built CLI: one command in its own process, its peak RSS (the
// child reports process.resourceUsage().maxRSS as it exits), wall time and how much it
// printed (output must stay bounded whatever the input's size).
import { spawn } from 'node:child_process';

// The child reports its own peak as it exits: VmHWM, the high-water mark of the memory of
// the program it runs. Not process.resourceUsage().maxRSS: on Linux that keeps the peak of
// the process it was forked from (this one, a few hundred MB with vite loaded) across exec.
export const REPORT_PEAK =
  'data:text/javascript,import{readFileSync}from"node:fs";process.on("exit",()=>{let k;try{k=Number(/VmHWM:\\s*(\\d+)/.exec(readFileSync("/proc/self/status","utf8"))[1])}catch{k=process.resourceUsage().maxRSS}process.stderr.write("\\npeak-rss-kib "+k+"\\n")})';

export interface Measured {
  readonly code: number | null;
  readonly peakMb: number;
  readonly seconds: number;
  readonly outputLines: number;
  readonly longestLine: number;
}

function measure(out: string, err: string, code: number | null, t0: number): Measured {
  const peak = /peak-rss-kib (\d+)/.exec(err);
  const printed = (out + err.replace(/\npeak-rss-kib \d+\n/, '')).split('\n');
  return {
    code,
    peakMb: peak ? Number(peak[1]) / 1024 : NaN,
    seconds: (performance.now() - t0) / 1000,
    outputLines: printed.filter((l) => l !== '').length,
    longestLine: Math.max(...printed.map((l) => l.length)),
  };
}

/** Runs `node --import REPORT_PEAK ...args` to its end. */
export function timed(args: readonly string[]): Promise<Measured> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', REPORT_PEAK, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((done) => child.on('close', (code) => done(measure(out, err, code, t0))));
}

/** `serve FILE --instant`: waits for "serving", asks for one run (reading it whole), then Ctrl+C. */
export function serveOnce(cli: string, file: string): Promise<Measured> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', REPORT_PEAK, cli, 'serve', '--port', '0', '--instant', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let asked = false;
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
    const url = /serving \d+ recorded runs? at (http:\/\/\S+)/.exec(err)?.[1];
    if (url === undefined || asked) return;
    asked = true;
    void fetch(`${url}/agent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ threadId: 't', runId: 'r', messages: [], tools: [], context: [], state: {} }),
    })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined)
      .finally(() => child.kill('SIGINT'));
  });
  return new Promise((done) => child.on('close', (code) => done(measure(out, err, code, t0))));
}
