// Tool calls: what the argument text looks like once a call closes. None of this is a
// protocol violation by itself (closing establishes completeness, not validity); it is
// what the application will have to deal with.
import { firstName, type Call } from './calls.js';
import type { EventCheck } from './check-types.js';
import type { At } from './out.js';

/** The verdicts on a call's text at an END; the reducer's JSON scan and schema check are the facts. */
export function checkArgsAtEnd(c: EventCheck, call: Call, at: At): void {
  const { out } = c;
  const id = call.toolCallId;
  const name = firstName(call);
  if (call.deltas.length === 0) {
    out.add(
      'tool-call/args-empty',
      `Tool call '${id}' (${name}) closed with no TOOL_CALL_ARGS at all: its argument text is empty, not {}.`,
      at,
    );
    return;
  }
  const json = call.json;
  if (json.state === 'empty') {
    out.add(
      'tool-call/args-not-json',
      `Tool call '${id}' (${name}) closed with empty argument text (${call.deltas.length} empty ARGS). Not a protocol violation: the application decides what to do with it.`,
      at,
    );
    return;
  }
  if (json.state === 'invalid') {
    out.add(
      'tool-call/args-not-json',
      `Arguments of '${id}' (${name}) do not parse as JSON (${json.message}). Not a protocol violation: closing establishes completeness, not validity; the application decides.`,
      at,
    );
    return;
  }
  if (json.state === 'concatenated') {
    const opened = call.segments.length;
    out.add(
      'tool-call/args-concatenated',
      `Arguments of '${id}' (${name}) are ${json.count} JSON values back to back${opened > 1 ? ` (the call was opened ${opened} times)` : ''}: misrouted parallel ARGS or a re-stream.`,
      at,
    );
    return;
  }
  if (!c.input?.tools.has(name)) return;
  const schema = call.schema;
  if ((schema.state === 'valid' || schema.state === 'invalid') && schema.unchecked !== undefined) {
    out.add(
      'tool-call/schema-pattern-unchecked',
      `Part of the advertised schema of '${id}' (${name}) was not checked: ${schema.unchecked.slice(0, 3).join('; ')}${schema.unchecked.length > 3 ? ` (+${schema.unchecked.length - 3} more)` : ''}.`,
      at,
    );
  }
  if (schema.state !== 'invalid') return;
  // Validator messages are sentences of their own; drop their final stop so ours ends the list once.
  const failures = schema.errors
    .slice(0, 5)
    .map((e) => `${e.path || '/'}: ${e.message.replace(/[.\s]+$/, '')}`)
    .join('; ');
  const more = schema.errors.length > 5 ? ` (+${schema.errors.length - 5} more)` : '';
  out.add(
    'tool-call/args-schema-mismatch',
    `Arguments of frontend call '${id}' (${name}) fail the advertised parameters schema: ${failures}${more}.`,
    at,
  );
}
