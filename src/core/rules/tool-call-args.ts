// Tool calls: what the argument text looks like once a call closes. None of this is a
// protocol violation by itself (closing establishes completeness, not validity); it is
// what the application will have to deal with.
import { Validator } from '@cfworker/json-schema';
import type { RuleInfo } from '../findings.js';
import type { SchemaResult } from '../model/types.js';
import type { EventCheck } from './check-types.js';
import { classifyArgs, type ArgsJson } from './json-scan.js';
import { findCall } from './model-lookup.js';
import type { At } from './out.js';
import type { CallState } from './state.js';

export const TOOL_CALL_ARGS_RULES: readonly RuleInfo[] = [
  { id: 'tool-call/args-not-json', severity: 'notice', fatal: false, client: 'no', needs: 'stream', specRef: 'Tools › Events (TOOL_CALL_END)',
    specText: 'Closes the call. The argument text is complete — closing establishes completeness, not validity. Whoever executes the tool parses it, and what to do with text that does not parse is the application’s decision, not a protocol violation.',
    explain: 'Not a protocol violation: decide in the application what to do with arguments that do not parse (the reference client passes {}).' },
  { id: 'tool-call/args-concatenated', severity: 'warning', fatal: false, client: 'no', needs: 'stream', specRef: 'Tools › Events (TOOL_CALL_ARGS, reopen); @ag-ui/client reducer',
    specText: 'The concatenated deltas form the call’s argument text … further arguments append. (@ag-ui/client reducer: the reference reducer never resets arguments on a START for a known id; re-streaming corrupts argument text.)',
    explain: 'Look for ARGS sent under the wrong toolCallId (parallel calls) or a call re-streamed after a reopen; each call must carry exactly one JSON value.' },
  { id: 'tool-call/args-schema-mismatch', severity: 'warning', fatal: false, client: 'no', needs: 'input', specRef: 'Tools › Security Considerations',
    specText: 'Arguments are model-generated and MUST be treated as untrusted input: validated against the tool’s declared parameter schema where one was advertised.',
    explain: 'The application must reject or repair these arguments before executing; fix the prompt or tool description that produced them.' },
  { id: 'tool-call/args-empty', severity: 'notice', fatal: false, client: 'no', needs: 'stream', specRef: 'Tools › Events (TOOL_CALL_ARGS)',
    specText: 'delta carries the next piece of the call’s arguments; the concatenated deltas form the call’s argument text, conventionally a JSON document',
    explain: 'A call with no arguments has empty text, not {}; send TOOL_CALL_ARGS with "{}" if the tool expects an object.' },
];

function jsonOf(c: EventCheck, call: CallState): ArgsJson {
  const json = findCall(c.ctx.runAfter, call.id)?.json;
  if (json?.state === 'valid' || json?.state === 'empty') return { state: json.state };
  if (json?.state === 'concatenated') return { state: 'concatenated', count: json.count };
  if (json?.state === 'invalid') return { state: 'invalid', message: json.message };
  return classifyArgs(call.args.join(''));
}

function schemaOf(c: EventCheck, call: CallState, parameters: unknown): SchemaResult {
  const model = findCall(c.ctx.runAfter, call.id);
  if (model?.schema) return model.schema;
  // No model record (the engine judged without a reducer): validate here.
  if (typeof parameters !== 'object' || parameters === null) return { state: 'not-applicable' };
  try {
    const value: unknown = JSON.parse(call.args.join(''));
    const result = new Validator(parameters as Record<string, unknown>, '2020-12', false).validate(value);
    if (result.valid) return { state: 'valid' };
    return { state: 'invalid', errors: result.errors.map((e) => ({ path: e.instanceLocation, message: e.error })) };
  } catch (err) {
    return { state: 'schema-error', message: err instanceof Error ? err.message : String(err) };
  }
}

export function checkArgsAtEnd(c: EventCheck, call: CallState, at: At): void {
  const { out } = c;
  if (call.argsEvents === 0) {
    out.add('tool-call/args-empty', `Tool call '${call.id}' (${call.name}) closed with no TOOL_CALL_ARGS at all: its argument text is empty, not {}.`, at);
    return;
  }
  const json = jsonOf(c, call);
  if (json.state === 'empty') {
    out.add('tool-call/args-not-json', `Tool call '${call.id}' (${call.name}) closed with empty argument text (${call.argsEvents} empty ARGS). Not a protocol violation: the application decides what to do with it.`, at);
    return;
  }
  if (json.state === 'invalid') {
    out.add('tool-call/args-not-json', `Arguments of '${call.id}' (${call.name}) do not parse as JSON (${json.message}). Not a protocol violation: closing establishes completeness, not validity; the application decides.`, at);
    return;
  }
  if (json.state === 'concatenated') {
    out.add('tool-call/args-concatenated', `Arguments of '${call.id}' (${call.name}) are ${json.count} JSON values back to back${call.segments > 1 ? ` (the call was opened ${call.segments} times)` : ''}: misrouted parallel ARGS or a re-stream.`, at);
    return;
  }
  const tool = c.input?.tools;
  if (!tool?.has(call.name)) return;
  const schema = schemaOf(c, call, tool.get(call.name));
  if (schema.state !== 'invalid') return;
  // Validator messages are sentences of their own; drop their final stop so ours ends the list once.
  const failures = schema.errors.slice(0, 5).map((e) => `${e.path || '/'}: ${e.message.replace(/[.\s]+$/, '')}`).join('; ');
  const more = schema.errors.length > 5 ? ` (+${schema.errors.length - 5} more)` : '';
  out.add('tool-call/args-schema-mismatch', `Arguments of frontend call '${call.id}' (${call.name}) fail the advertised parameters schema: ${failures}${more}.`, at);
}
