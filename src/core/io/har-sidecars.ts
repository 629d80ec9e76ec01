// Playwright's recordHar with content: 'attach' (and every .zip HAR) keeps each body in a
// file of its own, named by the entry's content._file, next to the HAR or in the same zip.
// Here the HAR gets those bodies back as base64 text, so every reader sees a HAR with its
// content, as Chrome's "Save all as HAR with content" writes it. Pure: the caller reads
// the files.
import { encodeBase64 } from './base64.js';
import { isRecord, str } from './text.js';

function contents(root: Record<string, unknown>): Record<string, unknown>[] {
  const log = root['log'];
  const entries = isRecord(log) ? log['entries'] : undefined;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    const response = isRecord(entry) ? entry['response'] : undefined;
    const content = isRecord(response) ? response['content'] : undefined;
    return isRecord(content) && str(content['text']) === undefined && str(content['_file']) !== undefined
      ? [content]
      : [];
  });
}

/**
 * The body files the HAR's entries name. Only bare file names: a HAR from elsewhere must not
 * make its reader open paths outside the HAR's own folder (or zip).
 */
export function sidecarNames(root: Record<string, unknown>): string[] {
  const names = contents(root).map((c) => str(c['_file']) ?? '');
  return [...new Set(names.filter(isBareName))];
}

export const isBareName = (name: string): boolean =>
  name !== '' && name !== '.' && name !== '..' && !/[\\/]/.test(name);

/**
 * Inlines each found body as base64 text into the HAR (parsed by the caller for this, so
 * changed in place) and says how many; an entry whose file is missing is left as it is.
 */
export function inlineSidecars(root: Record<string, unknown>, bodies: ReadonlyMap<string, Uint8Array>): number {
  let inlined = 0;
  for (const content of contents(root)) {
    const body = bodies.get(str(content['_file']) ?? '');
    if (body === undefined) continue;
    content['text'] = encodeBase64(body);
    content['encoding'] = 'base64';
    delete content['_file'];
    inlined++;
  }
  return inlined;
}
