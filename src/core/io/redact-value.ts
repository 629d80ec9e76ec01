// Redaction of untrusted values for sharing: keys and structure stay, string values go.
// Replacements keep the length (in UTF-16 units) so offsets, delta boundaries and JSON
// validity survive, and the re-imported stream fails or passes the same framing checks.

const MASK = '*';

/** Protocol identifiers: without them runs, calls and answers no longer link up. */
const KEEP_KEYS = new Set([
  'type', 'role', 'id', 'threadId', 'runId', 'parentRunId', 'messageId', 'toolCallId', 'parentMessageId',
  'subagentRunId', 'parentSubagentRunId', 'parentToolCallId', 'interruptId', 'entityId', 'toolCallName',
  'name', 'protocolVersion', 'activityType', 'stepName', 'op', 'path', 'from', 'status', 'subtype', 'reason',
  'code', 'mimeType', 'encryptedValueType', 'pendingToolCallIds', 'interruptIds',
]);
/** Inside a tool's `parameters` schema only prose and sample values are data. */
const SCHEMA_DATA_KEYS = new Set(['description', 'title', 'examples', 'default', 'const']);

export function mask(length: number): string {
  return MASK.repeat(length);
}

/**
 * Replaces the inside of every JSON string value (not object keys) with the mask,
 * lexically, so partial and concatenated JSON (`{..}{..}`) work too. A string counts as
 * a key when the next non-blank character is ':'; an unterminated one is a value.
 */
export function redactJsonText(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const q = text.indexOf('"', i);
    if (q < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, q + 1);
    let j = q + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    const end = Math.min(j, text.length);
    let k = end + 1;
    while (k < text.length && /\s/.test(text[k]!)) k++;
    const isKey = end < text.length && text[k] === ':';
    out += isKey ? text.slice(q + 1, end) : mask(end - (q + 1));
    if (end < text.length) out += '"';
    i = end + 1;
  }
  return out;
}

/** JSON-looking text is redacted structurally, anything else becomes a same-length mask. */
export function redactText(text: string): string {
  const t = text.trimStart();
  if (t.startsWith('{') || t.startsWith('[')) return redactJsonText(text);
  try {
    JSON.parse(text);
    return redactJsonText(text);
  } catch {
    return mask(text.length);
  }
}

/**
 * Structural redaction of a parsed value. Calls `note(path)` for every replaced string.
 * Strings under protocol-identifier keys are kept; everything else is replaced.
 */
export function redactValue(value: unknown, path: string, note: (path: string) => void, key = '', inSchema = false): unknown {
  if (typeof value === 'string') {
    const keep = inSchema ? !SCHEMA_DATA_KEYS.has(key) : KEEP_KEYS.has(key);
    if (keep || value === '') return value;
    note(path);
    return redactText(value);
  }
  if (Array.isArray(value)) {
    return value.map((item, i) => redactValue(item, `${path}[${i}]`, note, key, inSchema));
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // Only an advertised tool's schema: a `parameters` key elsewhere is ordinary data.
      const childSchema = inSchema || (k === 'parameters' && /\.tools\[\d+\]$/.test(path));
      out[k] = redactValue(v, `${path}.${k}`, note, k, childSchema);
    }
    return out;
  }
  return value;
}
