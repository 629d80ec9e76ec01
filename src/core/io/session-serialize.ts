// Session file text: one chunk per line keeps big exports diffable and readable
// without a JSON viewer.
import type { SessionFileV1 } from './session-format.js';

function list(name: string, items: readonly unknown[]): string {
  return `  ${JSON.stringify(name)}: [${items.map((r) => `\n    ${JSON.stringify(r)}`).join(',')}${items.length > 0 ? '\n  ' : ''}]`;
}

export function serializeSession(file: SessionFileV1): string {
  const { streams, findings, redactions, credentialsRemoved, redaction, notes, ...head } = file;
  const lines: string[] = ['{'];
  for (const [key, value] of Object.entries(head)) lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)},`);
  lines.push('  "streams": [');
  streams.forEach((s, i) => {
    const { chunks, ...rest } = s;
    const fields = Object.entries(rest).map(([k, v]) => `      ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
    lines.push('    {', ...fields, '      "chunks": [');
    chunks.forEach((c, j) => lines.push(`        ${JSON.stringify(c)}${j < chunks.length - 1 ? ',' : ''}`));
    lines.push('      ]', `    }${i < streams.length - 1 ? ',' : ''}`);
  });
  lines.push('  ],');
  const tail: string[] = [list('findings', findings)];
  if (credentialsRemoved !== undefined) tail.push(list('credentialsRemoved', credentialsRemoved));
  if (redaction !== undefined) tail.push(`  "redaction": ${JSON.stringify(redaction)}`);
  if (redactions !== undefined) tail.push(list('redactions', redactions));
  if (notes !== undefined) tail.push(list('notes', notes));
  lines.push(tail.join(',\n'), '}');
  return `${lines.join('\n')}\n`;
}
