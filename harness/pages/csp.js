/* global window, fetch */
// Runs under `script-src 'self'`: fetches an SSE stream and records what it saw.
window.cspResult = fetch('/sse?events=12')
  .then(function (r) {
    return r.text();
  })
  .then(function (t) {
    return { length: t.length, end: t.slice(-40) };
  });
