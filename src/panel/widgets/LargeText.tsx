import { useState } from 'preact/hooks';
import { downloadBlob } from '../io/download.js';
import { formatBytes } from '../derive/format.js';

export const PREVIEW_CHARS = 20_000;

/** Text that may be megabytes: a preview with "show all" and "download". */
export function LargeText({
  text,
  name,
  label,
}: {
  readonly text: string;
  readonly name: string;
  readonly label: string;
}) {
  const [all, setAll] = useState(false);
  const big = text.length > PREVIEW_CHARS;
  return (
    <div>
      <pre class="args-text" aria-label={label}>
        {big && !all ? `${text.slice(0, PREVIEW_CHARS)}…` : text}
      </pre>
      {big && (
        <div class="section">
          <span class="dim">{`${formatBytes(text.length)} — showing ${all ? 'all' : 'a preview'}. `}</span>
          {!all && (
            <button type="button" class="link" onClick={() => setAll(true)}>
              Show all
            </button>
          )}{' '}
          <button type="button" class="link" onClick={() => downloadBlob(name, text, 'text/plain')}>
            Download
          </button>
        </div>
      )}
    </div>
  );
}
