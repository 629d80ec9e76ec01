// Save text or bytes as a file from the panel (Blob + object URL: no network, no
// downloads permission needed).
export function downloadBlob(
  name: string,
  data: string | Uint8Array,
  type = 'application/json',
  doc: Document = document,
): void {
  const part: BlobPart = typeof data === 'string' ? data : new Uint8Array(data);
  const url = URL.createObjectURL(new Blob([part], { type }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  doc.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: revoking synchronously can cancel the download in Chromium.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A filename-safe timestamp, e.g. 2026-12-02T21-40-05. */
export function fileStamp(t: number): string {
  return new Date(t).toISOString().slice(0, 19).replace(/:/g, '-');
}

/** Names this document already saved (two exports in one second must not share a name). */
const claimed = new Set<string>();

/**
 * `name`, or `name` with "-2", "-3"… before its extension when this panel already saved a
 * file by that name: a browser set to overwrite (or a script saving both) keeps both.
 */
export function claimFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  let out = name;
  for (let n = 2; claimed.has(out); n++) out = `${stem}-${n}${ext}`;
  claimed.add(out);
  return out;
}
