// The transport/ family: a run request that got no AG-UI answer. The official client's
// HttpAgent fails such a run before it reads a single event (a non-2xx answer becomes
// `HTTP <status>: <body>`, a rejected fetch its error). The checks: src/core/rules/transport.ts.
import { ruleFamily } from './rule-family.js';

const CLIENT_FETCH = '@ag-ui/client HttpAgent (runHttpRequest)';

export const TRANSPORT_FAILURE_RULES = ruleFamily(
  { severity: 'error', fatal: true, client: 'both', needs: 'stream', specRef: CLIENT_FETCH },
  [
    {
      id: 'transport/http-status',
      specText:
        'If the response is not ok, the client reads its body and fails the run with "HTTP <status>: <body>"; no event is read.',
      explain:
        'The agent endpoint answered an error status: read the body below (an auth failure, a crashed handler, a proxy page) and fix the server or the request.',
    },
    {
      id: 'transport/content-type',
      fatal: false,
      client: 'no',
      specText:
        'Events are sent as text/event-stream (SSE) or application/vnd.ag-ui.event+proto; the client parses the body in the encoding the response declares.',
      explain:
        'The endpoint answered 2xx but not with an AG-UI stream (often an HTML fallback page or a JSON error): check the route, the proxy and the Accept handling.',
    },
    {
      id: 'transport/network-error',
      specText:
        'The client fetches the run; when the fetch rejects (refused, DNS, CORS, TLS) the run fails with its error.',
      explain:
        'The request never got an answer the page may read: check the URL and port, that the server runs, TLS, and (cross-origin) the CORS headers; the browser console names the cause.',
    },
    {
      id: 'transport/aborted-before-response',
      severity: 'warning',
      fatal: false,
      client: 'no',
      specText: 'Aborting the run (abortRun) aborts its fetch; the run ends with no events.',
      explain:
        'The page aborted this run before any answer came (a cancel, a new run, a component unmount): make sure that was meant.',
    },
  ],
);
