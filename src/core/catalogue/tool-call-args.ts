// Tool calls: what the argument text looks like once a call closes. None of this is a
// protocol violation by itself (closing establishes completeness, not validity); it is
// what the application will have to deal with.
// This file is the family's rule table; its checks are in src/core/rules/tool-call-args.ts.
import { ruleFamily } from './rule-family.js';

export const TOOL_CALL_ARGS_RULES = ruleFamily({ severity: 'notice', fatal: false, client: 'no', needs: 'stream' }, [
  {
    id: 'tool-call/args-not-json',
    specRef: 'Tools › Events (TOOL_CALL_END)',
    specText:
      'Closes the call. The argument text is complete — closing establishes completeness, not validity. Whoever executes the tool parses it, and what to do with text that does not parse is the application’s decision, not a protocol violation.',
    explain:
      'Not a protocol violation: decide in the application what to do with arguments that do not parse (the reference client passes {}).',
  },
  {
    id: 'tool-call/args-concatenated',
    severity: 'warning',
    specRef: 'Tools › Events (TOOL_CALL_ARGS, reopen); @ag-ui/client reducer',
    specText:
      'The concatenated deltas form the call’s argument text … further arguments append. (@ag-ui/client reducer: the reference reducer never resets arguments on a START for a known id; re-streaming corrupts argument text.)',
    explain:
      'Look for ARGS sent under the wrong toolCallId (parallel calls) or a call re-streamed after a reopen; each call must carry exactly one JSON value.',
  },
  {
    id: 'tool-call/args-schema-mismatch',
    severity: 'warning',
    needs: 'input',
    specRef: 'Tools › Security Considerations',
    specText:
      'Arguments are model-generated and MUST be treated as untrusted input: validated against the tool’s declared parameter schema where one was advertised.',
    explain:
      'The application must reject or repair these arguments before executing; fix the prompt or tool description that produced them.',
  },
  {
    id: 'tool-call/args-empty',
    specRef: 'Tools › Events (TOOL_CALL_ARGS)',
    specText:
      'delta carries the next piece of the call’s arguments; the concatenated deltas form the call’s argument text, conventionally a JSON document',
    explain:
      'A call with no arguments has empty text, not {}; send TOOL_CALL_ARGS with "{}" if the tool expects an object.',
  },
  {
    id: 'tool-call/schema-pattern-unchecked',
    needs: 'input',
    specRef: 'Tools › Security Considerations',
    specText:
      'Arguments are model-generated and MUST be treated as untrusted input: validated against the tool’s declared parameter schema where one was advertised.',
    explain:
      'The advertised schema has a pattern the inspector will not run with a backtracking engine (backreferences, lookaround, or nested quantifiers in patternProperties); that part of the schema was not checked. Simplify the pattern, or check it in the application.',
  },
]);
