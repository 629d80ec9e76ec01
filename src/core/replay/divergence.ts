// The app's actual request beside the recorded one: where their RunAgentInputs differ.
// In a multi-run replay (a frontend tool's round trip) a different tool answer or a
// missing tool message is often the bug itself, so each difference is named.
import { isRecord as isRec } from '../json-value.js';

export interface Divergence {
  /** JSON-pointer-like path: /messages/3/content. */
  readonly path: string;
  readonly what: string;
  readonly recorded?: string;
  readonly actual?: string;
}

type Rec = Record<string, unknown>;
const show = (x: unknown): string => {
  const s = x === undefined ? '(absent)' : JSON.stringify(x);
  return s.length > 200 ? `${s.slice(0, 199)}…` : s;
};

function parse(text: string | undefined): Rec | undefined {
  if (text === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return isRec(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function messageLabel(m: unknown): string {
  if (!isRec(m)) return 'message';
  return m.role === 'tool' ? `tool message for ${String(m.toolCallId)}` : `${String(m.role)} message`;
}

/** Differences in messages (by position) and tools (by name); ids and state are not compared. */
export function requestDivergence(recordedBody: string | undefined, actualBody: string | undefined): Divergence[] {
  const rec = parse(recordedBody);
  const act = parse(actualBody);
  if (!rec || !act) {
    if (!rec && !act) return [];
    return [{ path: '', what: rec ? 'the app sent no RunAgentInput' : 'no recorded RunAgentInput to compare' }];
  }
  const out: Divergence[] = [];
  const rm = Array.isArray(rec.messages) ? rec.messages : [];
  const am = Array.isArray(act.messages) ? act.messages : [];
  const n = Math.max(rm.length, am.length);
  for (let i = 0; i < n; i++) {
    const r: unknown = rm[i];
    const a: unknown = am[i];
    const path = `/messages/${i}`;
    if (r === undefined) out.push({ path, what: `extra ${messageLabel(a)} in the app's request`, actual: show(a) });
    else if (a === undefined) out.push({ path, what: `missing ${messageLabel(r)}`, recorded: show(r) });
    else if (isRec(r) && isRec(a)) {
      if (r.role !== a.role)
        out.push({ path: `${path}/role`, what: 'different role', recorded: show(r.role), actual: show(a.role) });
      else if (JSON.stringify(r.content) !== JSON.stringify(a.content))
        out.push({
          path: `${path}/content`,
          what: r.role === 'tool' ? 'different tool answer' : `different ${String(r.role)} content`,
          recorded: show(r.content),
          actual: show(a.content),
        });
      else if (r.role === 'tool' && r.toolCallId !== a.toolCallId)
        out.push({
          path: `${path}/toolCallId`,
          what: 'answers another call',
          recorded: show(r.toolCallId),
          actual: show(a.toolCallId),
        });
    }
  }
  const names = (x: Rec): string[] =>
    (Array.isArray(x.tools) ? x.tools : []).map((t) => (isRec(t) ? String(t.name) : '?')).sort();
  const rt = names(rec);
  const at = names(act);
  if (rt.join('\n') !== at.join('\n'))
    out.push({ path: '/tools', what: 'different tools', recorded: rt.join(', '), actual: at.join(', ') });
  return out;
}
