// Every file an extension manifest names (service worker or background scripts, DevTools
// page, content scripts, icons), so a build or a package can be checked against it: a
// file the manifest names but the build lacks breaks the extension only at run time.
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function manifestFiles(manifest: unknown): string[] {
  const m = record(manifest);
  const background = record(m.background);
  const files = [
    ...strings(background.service_worker),
    ...strings(background.scripts),
    ...strings(background.page),
    ...strings(m.devtools_page),
    ...strings(m.icons),
    ...strings(record(m.action).default_icon),
    ...(Array.isArray(m.content_scripts)
      ? m.content_scripts.flatMap((c) => [...strings(record(c).js), ...strings(record(c).css)])
      : []),
  ];
  return [...new Set(files.map((f) => f.replace(/^\.?\//, '')))].sort();
}

/** Scripts and stylesheets an extension HTML page loads from the package (relative URLs). */
export function htmlAssets(html: string): string[] {
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
  return refs.filter((r) => r !== '' && !/^[a-z]+:/i.test(r)).map((r) => r.replace(/^\.?\//, ''));
}
