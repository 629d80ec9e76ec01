/* global process */
// Preloaded (node --require) into a CLI child by the bounds tests: reports the process's
// peak resident memory on exit, the one figure a memory bound is judged by.
process.on('exit', () => {
  process.stderr.write(`\nmax-rss-kb=${process.resourceUsage().maxRSS}\n`);
});
