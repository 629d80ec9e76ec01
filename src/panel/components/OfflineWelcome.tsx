import { ImportButton } from './ImportButton.js';

/** The offline viewer before a file is loaded. */
export function OfflineWelcome() {
  return (
    <div class="offline" role="region" aria-label="Offline viewer">
      <div>AG-UI Inspector — offline viewer</div>
      <div>Drop a session export, HAR, SSE, JSONL or protobuf file here, or</div>
      <ImportButton label="Choose a file…" />
      <div class="dim">Files stay on this machine: nothing is uploaded.</div>
    </div>
  );
}
