import { ImportButton } from './ImportButton.js';

/** The offline viewer before a file is loaded. */
export function OfflineWelcome() {
  return (
    <div class="offline" role="region" aria-label="Offline viewer">
      <div>AG-UI Inspector — offline viewer</div>
      <div>Drop a file here, or</div>
      <ImportButton label="Choose a file…" primary />
      <ul class="formats" aria-label="Formats it opens">
        <li>HAR recorded by DevTools (.har)</li>
        <li>Session export or bug report from this inspector (.json)</li>
        <li>JSONL, one event per line (.jsonl, .ndjson)</li>
        <li>Server-sent events as received (.sse, .txt, .event-stream)</li>
        <li>AG-UI protobuf frames (.bin, .pb, .proto)</li>
      </ul>
      <div class="dim">Files stay on this machine: nothing is uploaded.</div>
    </div>
  );
}
