/* global process, require */
// Preloaded (node --require) into a CLI child by the bounds tests: reports the process's
// peak resident memory on exit, the one figure a memory bound is judged by. On Linux it is
// VmHWM, the peak of this program's own memory: getrusage's maxRSS also counts the parent's
// pages the child shared between fork and exec (a test runner of 570 MB made every child's
// "peak" 570 MB).
// A --require preload is CommonJS: require is its import.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readFileSync } = require('node:fs');

function peakKb() {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]);
  } catch {
    // not Linux: the process's own figure below
  }
  return process.resourceUsage().maxRSS;
}

process.on('exit', () => {
  process.stderr.write(`\nmax-rss-kb=${peakKb()}\n`);
});
