// The printed form of one tool call: identity, segments (reopens), arguments and their
// JSON/schema state, results in the stream, and the answer a later run gave.
import type { CallSegment, JsonState, SchemaResult, ToolCallModel } from '../model/types.js';
import { inert, lines, rel, value } from './format.js';

function segmentLine(s: CallSegment, k: number, origin: number): string {
  const head = k === 0 ? 'open' : `reopen #${k}`;
  const parent = s.parentMessageId !== undefined ? ` parent=${value(s.parentMessageId)}` : '';
  const owner = s.owner !== undefined ? ` owner=${s.owner}` : '';
  const end =
    s.endEvent === undefined
      ? 'still open'
      : s.implicitEnd
        ? `implicit end #${s.endEvent} (closed by #${s.implicitEnd.closedBy}) ${rel(s.endT, origin)}`
        : `end #${s.endEvent} ${rel(s.endT, origin)}`;
  return `${head} ${value(s.name)}${parent}${owner}: start #${s.startEvent} ${rel(s.startT, origin)}, ${end}`;
}

export function jsonText(j: JsonState): string {
  switch (j.state) {
    case 'invalid':
      return `invalid at ${j.position}: ${j.message}`;
    case 'concatenated':
      return `concatenated (${j.count} values)`;
    default:
      return j.state;
  }
}

function schemaLines(s: SchemaResult): string[] {
  switch (s.state) {
    case 'invalid':
      return [`schema: invalid`, ...s.errors.map((e) => `  ${e.path || '(root)'}: ${e.message}`)];
    case 'schema-error':
      return [`schema: schema-error: ${s.message}`];
    default:
      return [`schema: ${s.state}`];
  }
}

export function printCall(c: ToolCallModel, origin: number, indent: number): string[] {
  const flags = [
    c.frontend ? 'frontend' : 'backend',
    c.advertised ? 'advertised' : 'unadvertised',
    ...(c.fromChunks ? ['from-chunks'] : []),
  ];
  const out = lines(indent, `tool-call ${c.toolCallId} ${value(c.name)} [${flags.join(' ')}] status=${c.status}`);
  const body: string[] = [];
  if (c.names.length > 1) body.push(`names: ${c.names.map((n) => value(n)).join(', ')}`);
  if (c.parentMessageId !== undefined) body.push(`parent: ${value(c.parentMessageId)}`);
  if (c.owner !== undefined) body.push(`owner: ${c.owner}`);
  c.segments.forEach((s, k) => body.push(segmentLine(s, k, origin)));
  const deltas = c.deltas;
  const bySegment = c.segments.map((_, k) => deltas.filter((d) => d.segment === k).length);
  body.push(`args: ${c.args.length} chars in ${deltas.length} deltas (${bySegment.join('+')}): ${inert(c.args)}`);
  body.push(`json: ${jsonText(c.json)}`);
  body.push(...schemaLines(c.schema));
  for (const r of c.results) {
    body.push(
      `result #${r.event} ${rel(r.t, origin)} msg=${value(r.messageId)}${r.beforeEnd ? ' before-end' : ''}: ${value(r.content)}`,
    );
  }
  if (c.answer) {
    const a = c.answer;
    const err = a.error !== undefined ? ` error=${value(a.error)}` : '';
    body.push(`answer by ${a.runKey} msg=${value(a.messageId)}${err}: ${value(a.content)}`);
  }
  return [...out, ...lines(indent + 1, ...body)];
}
