// Edits before a replay (fault injection): the run's events as JSON lines, each validated
// on its own (a bad line is pointed at and never sent), and presets that make the
// malformed streams the protocol describes: cut off after event N, drop or duplicate an
// event, rename the start that reopens a tool call.

export interface LineError {
  /** 1-based line number in the editor text. */
  readonly line: number;
  readonly message: string;
}

export interface ParsedLine {
  readonly line: number;
  readonly data: string;
  readonly type: string;
  readonly value: Record<string, unknown>;
}

export interface ParsedLines {
  readonly lines: readonly ParsedLine[];
  readonly errors: readonly LineError[];
}

/** Every non-blank line must be a JSON object with a string `type`. */
export function parseEventLines(text: string): ParsedLines {
  const lines: ParsedLine[] = [];
  const errors: LineError[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const data = raw.trim();
    if (data === '') return;
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch (err) {
      errors.push({ line: i + 1, message: `not JSON: ${err instanceof Error ? err.message : String(err)}` });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      errors.push({ line: i + 1, message: 'not a JSON object' });
      return;
    }
    const type = (value as { type?: unknown }).type;
    if (typeof type !== 'string' || type === '') {
      errors.push({ line: i + 1, message: 'no string "type" field' });
      return;
    }
    lines.push({ line: i + 1, data, type, value: value as Record<string, unknown> });
  });
  return { lines, errors };
}

export type EditPreset =
  | { readonly kind: 'cut-after'; readonly n: number }
  | { readonly kind: 'drop'; readonly n: number }
  | { readonly kind: 'duplicate'; readonly n: number }
  | { readonly kind: 'rename-reopen'; readonly name?: string };

/** Applies a preset to the non-blank lines (`n` is 1-based); returns the new text or why not. */
export function applyPreset(text: string, preset: EditPreset): { text: string } | { error: string } {
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '');
  const at = preset.kind === 'rename-reopen' ? 0 : Math.floor(preset.n);
  if (preset.kind !== 'rename-reopen' && (at < 1 || at > lines.length))
    return { error: `event ${preset.n} does not exist (1–${lines.length})` };
  switch (preset.kind) {
    case 'cut-after':
      return { text: lines.slice(0, at).join('\n') };
    case 'drop':
      return { text: [...lines.slice(0, at - 1), ...lines.slice(at)].join('\n') };
    case 'duplicate':
      return { text: [...lines.slice(0, at), lines[at - 1] ?? '', ...lines.slice(at)].join('\n') };
    case 'rename-reopen':
      return renameReopen(lines, preset.name);
  }
}

function renameReopen(lines: string[], name: string | undefined): { text: string } | { error: string } {
  const seen = new Map<string, string>();
  for (let i = 0; i < lines.length; i++) {
    let v: unknown;
    try {
      v = JSON.parse(lines[i] ?? '');
    } catch {
      continue;
    }
    const e = v as { type?: unknown; toolCallId?: unknown; toolCallName?: unknown };
    if (e.type !== 'TOOL_CALL_START' || typeof e.toolCallId !== 'string') continue;
    const first = seen.get(e.toolCallId);
    if (first === undefined) {
      seen.set(e.toolCallId, typeof e.toolCallName === 'string' ? e.toolCallName : '');
      continue;
    }
    const out = [...lines];
    out[i] = JSON.stringify({ ...(v as object), toolCallName: name ?? `${first || 'tool'}_renamed` });
    return { text: out.join('\n') };
  }
  return { error: 'no TOOL_CALL_START reopens a call in this run' };
}
